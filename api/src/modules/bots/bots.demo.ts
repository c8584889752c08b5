import { DEFAULT_MESSAGE_ON_ERRORS_BOT, DEFAULT_MESSAGE_ON_WITHOUT_QUEUE } from '@zapdesk/core';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { seedDemoSimulatorConnection } from '../whatsapp/whatsapp.startup';
import * as repo from './bots.repo';

export const DEMO_BOT_CONNECTION = 'Demo Bot';
export const DEMO_BOT_SETUP = 'Atendimento Demo';
export const DEMO_AI_CONNECTION = 'Demo IA';
export const DEMO_AI_SETUP = 'Atendente IA Demo';

/**
 * The demo's chatbot (first embedded start, after the other demo seeds): its own simulator connection 'Demo Bot'
 * (so the default 'Principal', which the ticket journeys chat on, stays bot-free) with the setup 'Atendimento Demo'
 * owned by the demo admin and a 2-level menu with sector options:
 * 1 Comercial (menu) → 1.1 Falar com vendas (sector Vendas), 1.2 Horário de atendimento (informative);
 * 2 Suporte técnico (sector Suporte); 3 Encerrar conversa (resolve). Only while the demo company has no bot setup.
 */
export async function seedDemoBot(companyName: string, ownerEmail: string): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled) return;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countSetups(companyId)) > 0) return;
  const whatsappId = await seedDemoSimulatorConnection(companyId, DEMO_BOT_CONNECTION);
  if (whatsappId === null) return;
  const queues = await repo.companyQueuesByName(companyId);
  const ownerId = await repo.userIdByEmail(companyId, ownerEmail);
  // only the transaction's statements inside it (PGlite has one connection)
  await repo.withTransaction(async (tx) => {
    const setup = await repo.insertSetup(
      companyId,
      {
        name: DEMO_BOT_SETUP,
        typingTime: 2,
        reopenBotAfterHours: 0,
        countErrorsBot: 2,
        typeMenu: 'text',
        messageOnErrorsBot: DEFAULT_MESSAGE_ON_ERRORS_BOT,
        actionWithoutQueue: 'none',
        timeWithoutQueue: 5,
        messageOnWithoutQueue: DEFAULT_MESSAGE_ON_WITHOUT_QUEUE,
        transferQueueId: null,
        userId: ownerId,
        botType: 'common',
        botConfigId: null,
      },
      [whatsappId],
      tx,
    );
    const base = { botSetupId: setup.id, typeMessage: 'singleMessage', tags: [], botCategoryContacts: [], webhook: '' };
    const commands = [
      { commandBot: '1', commandType: 2, descriptionBot: 'Comercial', showMessage: 'Comercial: como podemos ajudar?' },
      {
        commandBot: '1.1',
        commandType: 3,
        descriptionBot: 'Falar com vendas',
        showMessage: 'Certo! Um vendedor vai te atender em instantes.',
        queueId: queues.get('Vendas') ?? null,
      },
      {
        commandBot: '1.2',
        commandType: 1,
        descriptionBot: 'Horário de atendimento',
        showMessage: 'Atendemos de segunda a sexta, das 9h às 18h.',
      },
      {
        commandBot: '2',
        commandType: 3,
        descriptionBot: 'Suporte técnico',
        showMessage: 'Vamos te transferir para o suporte.',
        queueId: queues.get('Suporte') ?? null,
      },
      { commandBot: '3', commandType: 5, descriptionBot: 'Encerrar conversa', showMessage: 'Obrigado pelo contato!' },
    ];
    for (const c of commands) await repo.insertCommand(companyId, { ...base, ...c }, tx);
  });
  log.info({ companyId }, 'demo chatbot seeded');
}

/**
 * The demo's AI attendant (after the AI demo, which answers its prompt's id): its own simulator connection 'Demo IA'
 * with the bot setup 'Atendente IA Demo' of botType prompt on that prompt, owned by the demo admin — chat from the
 * phone mock-up of 'Demo IA' and the embedded fake model answers in the ticket. Once: only while the company has no
 * setup of that name (once deleted, it stays deleted; the connection is reused).
 */
export async function seedDemoAiBot(
  companyName: string,
  ownerEmail: string,
  botConfigId: number | null,
): Promise<void> {
  const env = platform().env;
  if (env.production || !env.simulatorEnabled || botConfigId === null) return;
  const companyId = await repo.unsafeFindCompanyIdByName(companyName);
  if (companyId === null || (await repo.countSetupsNamed(companyId, DEMO_AI_SETUP)) > 0) return;
  const whatsappId = await seedDemoSimulatorConnection(companyId, DEMO_AI_CONNECTION);
  if (whatsappId === null) return;
  const ownerId = await repo.userIdByEmail(companyId, ownerEmail);
  await repo.withTransaction((tx) =>
    repo.insertSetup(
      companyId,
      {
        name: DEMO_AI_SETUP,
        typingTime: 2,
        reopenBotAfterHours: 0,
        countErrorsBot: 2,
        typeMenu: 'text',
        messageOnErrorsBot: DEFAULT_MESSAGE_ON_ERRORS_BOT,
        actionWithoutQueue: 'none',
        timeWithoutQueue: 5,
        messageOnWithoutQueue: DEFAULT_MESSAGE_ON_WITHOUT_QUEUE,
        transferQueueId: null,
        userId: ownerId,
        botType: 'prompt',
        botConfigId,
      },
      [whatsappId],
      tx,
    ),
  );
  log.info({ companyId }, 'demo AI attendant seeded');
}
