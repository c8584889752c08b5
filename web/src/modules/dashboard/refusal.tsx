import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { EmptyState } from '../../ui/empty-state';
import { IconLock } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';

/**
 * A clear refusal instead of a broken page: the company's plan lacks the feature (ERR_PLAN_FEATURE_DISABLED), or the
 * user's profile/group does not allow it (ERR_NO_PERMISSION).
 */
export function Refusal({ plan }: { plan: boolean }) {
  if (!plan) return <NoPermission />;
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="plan-refusal">
      <EmptyState
        icon={<IconLock size={28} />}
        title={<Trans>Recurso não disponível no plano da empresa.</Trans>}
        description={<Trans>Fale com o administrador da sua empresa para mudar de plano.</Trans>}
        action={
          <Link href="/tickets" className="btn btn-primary btn-sm">
            <Trans>Ir para os tickets</Trans>
          </Link>
        }
      />
    </div>
  );
}

/** The refusal of a failed API call: 403 with the plan's code or another (null: not a refusal). */
export function refusalOf(err: { status: number; code?: string } | null): { plan: boolean } | null {
  if (err?.status !== 403) return null;
  return { plan: err.code === 'ERR_PLAN_FEATURE_DISABLED' };
}
