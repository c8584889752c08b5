import { CreateCompanyScreen } from '../modules/companies/create-company-screen';

/** /CreateNewCompany (spec 3 §2): master. */
export default function CreateCompanyPage() {
  return <CreateCompanyScreen />;
}
