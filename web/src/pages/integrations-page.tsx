import { IntegrationsScreen } from '../modules/ai/integrations-screen';

/** /integration (spec 2 §2): the chat-AI integrations list. */
export default function IntegrationsPage() {
  return <IntegrationsScreen />;
}
