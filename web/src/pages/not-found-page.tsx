import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { EmptyState } from '../ui/empty-state';
import { IconAlert } from '../ui/icons';

export default function NotFoundPage() {
  return (
    <div className="card bg-base-100 shadow-sm" data-testid="not-found">
      <EmptyState
        icon={<IconAlert size={28} />}
        title={<Trans>Página não encontrada</Trans>}
        description={<Trans>O endereço acessado não existe ou foi movido.</Trans>}
        action={
          <Link href="/tickets" className="btn btn-primary btn-sm">
            <Trans>Ir para os tickets</Trans>
          </Link>
        }
      />
    </div>
  );
}
