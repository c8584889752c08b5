import { toFlowActions } from '@zapdesk/core';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import * as repo from './flows.repo';

export const DEMO_FLOW_NAME = 'Boas-vindas do atendimento';

/**
 * The demo's flow (first embedded start): a Chat flow to run with ';' in a chat — typing, a greeting, a pause, the
 * opening hours. Only while the demo company has no flow.
 */
export async function seedDemoFlows(companyName: string): Promise<void> {
  const env = platform().env;
  if (env.production) return;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countFlows(companyId)) > 0) return;
  await repo.insertFlow(companyId, {
    name: DEMO_FLOW_NAME,
    type: 'Chat',
    actions: toFlowActions(
      [
        { actionType: 'Composing', param: 3 },
        { actionType: 'SendText', body: 'Olá! Obrigado por falar com a gente. 😊' },
        { actionType: 'Delay', param: 2 },
        { actionType: 'Composing', param: 2 },
        { actionType: 'SendText', body: 'Nosso horário é de segunda a sexta, das 8h às 18h. Como posso ajudar?' },
      ],
      () => null,
    ),
  });
  log.info({ companyId }, 'demo flow seeded');
}
