import { ReportsScreen } from '../modules/dashboard/reports-screen';

/** /reports (spec 3 §2): administration + the plan's enableReports. */
export default function ReportsPage() {
  return <ReportsScreen />;
}
