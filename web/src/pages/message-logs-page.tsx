import { MessageLogsScreen } from '../modules/system-control/message-logs-screen';

/** /messageLogs (spec 3 §2): master only. */
export default function MessageLogsPage() {
  return <MessageLogsScreen />;
}
