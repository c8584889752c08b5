import { SchedulesScreen } from '../modules/schedules/schedules-screen';

/** /schedules (spec 2 §2): every user of a company whose plan has schedules; `?contactId=` pre-filters. */
export default function SchedulesPage() {
  return <SchedulesScreen />;
}
