import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/** The AI screens link to each other (Prompts, Integrações): the drawer's "Integração IA" entry opens /botConfig. */
export function AiNav({ active }: { active: 'prompts' | 'integrations' }) {
  const cls = (on: boolean) => `btn join-item btn-sm ${on ? 'btn-primary' : 'btn-ghost border-base-300'}`;
  return (
    <nav className="join" data-testid="ai-nav">
      <Link href="/botConfig" className={cls(active === 'prompts')} data-testid="ai-nav-prompts">
        <Trans>Prompts</Trans>
      </Link>
      <Link href="/integration" className={cls(active === 'integrations')} data-testid="ai-nav-integrations">
        <Trans>Integrações</Trans>
      </Link>
    </nav>
  );
}
