import { systemCtx } from '../../platform/http/context';
import { setBotFlowPort } from '../bots/bots.ports';
import * as repo from './flows.repo';
import { runFlowOnTicket } from './flows.service';

/**
 * The bots area's flow port (bots.ports.ts), installed by flows at startup: a command of message type 'flow' names
 * a flow of the company, and the bot runs it on the ticket with the platform as the sender (no attendant rule; the
 * plan flag is checked by `runFlowOnTicket` and again at every step).
 */
export function installBotFlowPort(): void {
  setBotFlowPort({
    exists: async (companyId, flowId) => (await repo.findFlow(companyId, flowId)) !== null,
    run: async (companyId, ticketId, flowId) => {
      await runFlowOnTicket(systemCtx(companyId), { flowId, ticketId });
    },
  });
}
