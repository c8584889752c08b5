import { ContactsScreen } from '../modules/contacts/contacts-screen';

/** /contacts/{p?} (spec 1 §2): every user; `?search=` pre-fills the search. */
export default function ContactsPage() {
  return <ContactsScreen />;
}
