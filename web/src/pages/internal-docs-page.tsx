import { InternalDocsScreen } from '../modules/api-docs/api-docs-screens';

/** /internalDocs and /InternalDocs (spec 2 §2, spec 3 §2): the platform's whole API. */
export default function InternalDocsPage() {
  return <InternalDocsScreen />;
}
