import { BotConfigInput, IntegrationInput } from '@zapdesk/core';
import { type FakeModel, startFakeModel } from '../../platform/ai/fake-model';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import * as repo from './ai.repo';
import { createBotConfigFor, createIntegrationFor, updateIntegrationFor } from './ai.service';

export const DEMO_INTEGRATION_NAME = 'Modelo local (demonstração)';
export const DEMO_PROMPT_NAME = 'Atendente virtual (demonstração)';

let demoModel: FakeModel | null = null;

/**
 * The demo's AI (embedded start, never in production): the embedded fake model on 127.0.0.1 (AI_FAKE_MODEL_PORT, else
 * a free port), the demo company's integration pointing at it (its URL refreshed on every start: the port may
 * change) and, once, a prompt using it — so `npm start` shows a working AI attendant (the prompt's simulator, or a
 * bot setup of type prompt) without any key and without the internet. Answers the demo prompt's id (null when it is
 * gone or outside the demo): the chatbots' demo puts it on the bot setup of its connection 'Demo IA'.
 */
export async function seedDemoAi(companyName: string): Promise<number | null> {
  const env = platform().env;
  if (env.production) return null;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null) return null;
  if (!demoModel) {
    const port = Number(process.env.AI_FAKE_MODEL_PORT ?? 0) || 0;
    try {
      demoModel = startFakeModel({ port, latencyMs: 800 });
    } catch (err) {
      // another API process of this machine already serves it on that port (scaled demo): keep its URL
      log.warn({ err, port }, 'demo AI: the fake model port is taken; the integration keeps its URL');
      return (await repo.findConfigByName(companyId, DEMO_PROMPT_NAME))?.id ?? null;
    }
    log.info({ url: demoModel.url }, 'demo AI: the embedded fake model listens');
  }
  const input = IntegrationInput.parse({
    name: DEMO_INTEGRATION_NAME,
    apiUrl: demoModel.url,
    apiToken: 'demo-local-key',
    message: 'Modelo de demonstração embutido: responde repetindo a mensagem. Escreva #erro para ver a transferência.',
    dataJson: JSON.stringify({ models: ['demo-local'] }),
  });
  const existing = await repo.findIntegrationByName(companyId, DEMO_INTEGRATION_NAME);
  const integration = existing
    ? await updateIntegrationFor(companyId, existing.id, { ...input, apiToken: '' })
    : await createIntegrationFor(companyId, input);
  if ((await repo.countConfigs(companyId)) > 0) {
    return (await repo.findConfigByName(companyId, DEMO_PROMPT_NAME))?.id ?? null;
  }
  const prompt = await createBotConfigFor(
    companyId,
    BotConfigInput.parse({
      name: DEMO_PROMPT_NAME,
      context:
        'Você é o atendente virtual da empresa de demonstração. Responda em português, com educação e em poucas frases.',
      integrationId: integration.id,
      ignoreWords: 'atendente, humano',
      inactivityMessage: 'Ainda está por aí? Se precisar, é só escrever.',
      messageForMaxMessagesExceeded: 'Vou transferir você para um atendente humano. Aguarde um instante!',
      initialMessages: [],
    }),
  );
  log.info({ companyId }, 'demo AI prompt seeded');
  return prompt.id;
}
