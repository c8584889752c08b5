import { UsersScreen } from '../modules/users/users-screen';

/** /users (spec 1 §2): administrators with the administration menu. */
export default function UsersPage() {
  return <UsersScreen />;
}
