import { ApiDocumentationScreen } from '../modules/api-docs/api-docs-screens';

/** /ApiDocumentation and /api_old (spec 2 §2): the message API documentation. */
export default function ApiDocumentationPage() {
  return <ApiDocumentationScreen />;
}
