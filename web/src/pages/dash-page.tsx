import { DashboardScreen } from '../modules/dashboard/dashboard-screen';

/** /dash (spec 3 §2): enableDash + the plan's dashboard flag. */
export default function DashPage() {
  return <DashboardScreen />;
}
