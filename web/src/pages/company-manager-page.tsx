import type { RouteParams } from '../lib/route-types';
import { CompanyManagerScreen } from '../modules/companies/company-manager-screen';

/** /companiesManager/{companyId} (spec 3 §2): master. */
export default function CompanyManagerPage({ params }: { params: RouteParams }) {
  return <CompanyManagerScreen companyId={params.companyId} />;
}
