import { Trans } from '@lingui/react/macro';

export function CompanyStatusBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="badge badge-soft badge-success badge-sm whitespace-nowrap">
      <Trans>Ativa</Trans>
    </span>
  ) : (
    <span className="badge badge-soft badge-error badge-sm whitespace-nowrap">
      <Trans>Desativada</Trans>
    </span>
  );
}
