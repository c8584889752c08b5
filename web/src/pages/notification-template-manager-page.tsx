import type { RouteParams } from '../lib/route-types';
import { TemplateEditorScreen } from '../modules/billing-notices/template-editor-screen';

/** /notificationTemplateManager/{templatesNotificationId?} (spec 3 §2): master. */
export default function NotificationTemplateManagerPage({ params }: { params: RouteParams }) {
  return <TemplateEditorScreen templateId={params.templatesNotificationId} />;
}
