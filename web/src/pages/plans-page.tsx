import { PlansScreen } from '../modules/plans/plans-screen';

/** /plans (spec 3 §2): master; users with payPanelAccess read-only. */
export default function PlansPage() {
  return <PlansScreen />;
}
