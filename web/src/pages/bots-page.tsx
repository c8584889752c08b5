import type { RouteParams } from '../lib/route-types';
import { BotCommandsScreen } from '../modules/bots/bot-commands-screen';

/** /Bots/{botSetupId?}/{botSetupName?} (spec 2 §2): the commands of a bot setup (the name is only for the URL). */
export default function BotsPage({ params }: { params: RouteParams }) {
  const id = Number(params.botSetupId);
  return <BotCommandsScreen botSetupId={Number.isSafeInteger(id) && id > 0 ? id : null} />;
}
