import { BotSetupsScreen } from '../modules/bots/bot-setups-screen';

/** /BotSetups (spec 2 §2): the bot setups list, for companies with bots enabled. */
export default function BotSetupsPage() {
  return <BotSetupsScreen />;
}
