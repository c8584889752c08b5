import type { RouteParams } from '../lib/route-types';
import { PromptsScreen } from '../modules/ai/prompts-screen';

/** /botConfig/{id?} (spec 2 §2): AI prompt management; an id opens that prompt's dialog. */
export default function BotConfigsPage({ params }: { params: RouteParams }) {
  return <PromptsScreen id={params.id} />;
}
