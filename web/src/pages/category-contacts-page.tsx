import { CategoryContactsScreen } from '../modules/category-contacts/category-contacts-screen';

/** /CategoryContact (spec 1 §2): needs allowCreateCategoryContacts, otherwise redirects to /contacts. */
export default function CategoryContactsPage() {
  return <CategoryContactsScreen />;
}
