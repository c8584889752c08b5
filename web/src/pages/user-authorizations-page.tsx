import { UserAuthorizationsScreen } from '../modules/user-authorizations/user-authorizations-screen';

/** /UserAuthorizations: permission groups. */
export default function UserAuthorizationsPage() {
  return <UserAuthorizationsScreen />;
}
