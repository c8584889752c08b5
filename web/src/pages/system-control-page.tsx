import { SystemControlScreen } from '../modules/system-control/system-control-screen';

/** /systemcontrol and /systemControl (spec 3 §2): master only. */
export default function SystemControlPage() {
  return <SystemControlScreen />;
}
