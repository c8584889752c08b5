import { ClientCompanyScreen } from '../modules/companies/company-manager-screen';

/** /clientCompanyManager (spec 3 §2): users with payPanelAccess. */
export default function ClientCompanyManagerPage() {
  return <ClientCompanyScreen />;
}
