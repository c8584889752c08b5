import { TemplatesScreen } from '../modules/billing-notices/templates-screen';

/** /notificationTemplatelist and /notificationTemplateList (spec 3 §2): master. */
export default function NotificationTemplatesPage() {
  return <TemplatesScreen />;
}
