import { ApiTokensScreen } from '../modules/api-tokens/api-tokens-screen';

/** /apisendmessage (spec 2 §2): API message tokens. */
export default function ApiTokensPage() {
  return <ApiTokensScreen />;
}
