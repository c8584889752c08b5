import { CompaniesScreen } from '../modules/companies/companies-screen';

/** /companies (spec 3 §2): master. */
export default function CompaniesPage() {
  return <CompaniesScreen />;
}
