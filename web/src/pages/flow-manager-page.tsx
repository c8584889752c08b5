import type { RouteParams } from '../lib/route-types';
import { FlowManagerScreen } from '../modules/flows/flow-manager';

/** /flowmanager/{flowId?} (spec 2 §2): a new flow, or the flow of that id. */
export default function FlowManagerPage({ params }: { params: RouteParams }) {
  const id = Number(params.flowId);
  return <FlowManagerScreen flowId={Number.isSafeInteger(id) && id > 0 ? id : null} />;
}
