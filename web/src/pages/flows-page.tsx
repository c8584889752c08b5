import { FlowsScreen } from '../modules/flows/flows-screen';

/** /flowList and /flowlist (spec 2 §2): administrators of a company whose plan has flows. */
export default function FlowsPage() {
  return <FlowsScreen />;
}
