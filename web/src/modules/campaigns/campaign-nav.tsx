import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/** Spec 2 §2: the campaign screens link to each other (Campanhas, Configurações). */
export function CampaignNav({ active }: { active: 'campaigns' | 'setups' }) {
  const cls = (on: boolean) => `btn join-item btn-sm ${on ? 'btn-primary' : 'btn-ghost border-base-300'}`;
  return (
    <nav className="join" data-testid="campaign-nav">
      <Link href="/Campaigns" className={cls(active === 'campaigns')} data-testid="campaign-nav-campaigns">
        <Trans>Campanhas</Trans>
      </Link>
      <Link href="/CampaignSetups" className={cls(active === 'setups')} data-testid="campaign-nav-setups">
        <Trans>Configurações</Trans>
      </Link>
    </nav>
  );
}
