import { ApiScreen } from '../modules/api-docs/api-docs-screens';

/** /api (spec 2 §2): menu to the API tokens plus the embedded documentation viewer. */
export default function ApiPage() {
  return <ApiScreen />;
}
