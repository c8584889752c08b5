import { MailOutboxScreen } from '../modules/signup/mail-outbox-screen';

/** /mailOutbox (ours): the master's view of the embedded e-mail outbox. */
export default function MailOutboxPage() {
  return <MailOutboxScreen />;
}
