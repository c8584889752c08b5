import { ScheduleActionsScreen } from '../modules/schedule-actions/schedule-actions-screen';

/** /scheduleAction (spec 2 §2 Scheduled actions): company administrators. */
export default function ScheduleActionsPage() {
  return <ScheduleActionsScreen />;
}
