import { Trans } from '@lingui/react/macro';
import { NoPermission } from '../../ui/no-permission';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { CompanyDetail } from './company-detail';

/** /companiesManager/{companyId} (spec 3 §2, master): the company detail; back goes to /companies. */
export function CompanyManagerScreen({ companyId }: { companyId: string | undefined }) {
  const caps = useCapabilities();
  if (!caps) return null;
  if (!caps.manageCompanies) return <NoPermission />;
  const id = Number(companyId);
  if (!Number.isInteger(id) || id <= 0) return <NoPermission backTo="/companies" />;
  return (
    <CompanyDetail
      key={id}
      companyId={id}
      master
      backTo="/companies"
      title={<Trans>Gerenciar empresa</Trans>}
      testId="company-manager-page"
    />
  );
}

/**
 * /clientCompanyManager (spec 3 §2): the own-company page of a user with payPanelAccess (same blocks; back goes to
 * /tickets). Others see nothing but the "sem permissão" state.
 */
export function ClientCompanyScreen() {
  const caps = useCapabilities();
  const me = useSessionUser();
  if (!caps || !me) return null;
  if (!caps.financialPanel) return <NoPermission />;
  return (
    <CompanyDetail
      companyId={me.companyId}
      master={caps.isMaster}
      backTo="/tickets"
      title={<Trans>Minha empresa</Trans>}
      testId="client-company-page"
    />
  );
}
