import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { EmptyState } from './empty-state';
import { IconLock } from './icons';

/**
 * What a user sees when opening a screen their profile or group does not allow (e.g. an attendant at /users):
 * an honest "sem permissão" state with a way back, instead of a broken screen or a silent redirect.
 */
export function NoPermission({ backTo = '/tickets' }: { backTo?: string }) {
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="no-permission">
      <EmptyState
        icon={<IconLock size={28} />}
        title={<Trans>Sem permissão</Trans>}
        description={
          <Trans>Você não tem permissão para acessar esta página. Fale com o administrador da sua empresa.</Trans>
        }
        action={
          <Link href={backTo} className="btn btn-primary btn-sm">
            <Trans>Ir para os tickets</Trans>
          </Link>
        }
      />
    </div>
  );
}
