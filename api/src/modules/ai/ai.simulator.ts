import { AI_TEXTS, type BotSimulatorDto, type BotSimulatorInput, DomainError } from '@zapdesk/core';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { publishSimulator, simulatorView } from './ai.channels';
import * as repo from './ai.repo';
import { noteCustomerMessage } from './ai.runtime';

/**
 * The prompt simulator (spec 2 §7: GET /botSimulator/{botConfigId}, POST /botSimulator, live `botSimulator-{id}`):
 * a chat with the prompt that runs through the SAME runtime as a ticket (`noteCustomerMessage` → the debounced turn →
 * the model → the answer after typing), only its channel differs (its stored chat instead of WhatsApp).
 */
async function configOf(companyId: number, botConfigId: number) {
  const config = await repo.findConfig(companyId, botConfigId);
  if (!config) throw new DomainError('ERR_NOT_FOUND', AI_TEXTS.promptNotFound);
  return config;
}

export async function showBotSimulator(ctx: UserCtx, botConfigId: number): Promise<BotSimulatorDto> {
  assertCan(ctx, 'useAi');
  await configOf(ctx.companyId, botConfigId);
  return simulatorView(ctx.companyId, botConfigId);
}

export async function postBotSimulator(ctx: UserCtx, input: BotSimulatorInput): Promise<BotSimulatorDto> {
  assertCan(ctx, 'useAi');
  const { companyId } = ctx;
  const config = await configOf(companyId, input.botConfigId);
  if (input.clearConversation) {
    await repo.clearSimulatorMessages(companyId, config.id);
    await repo.deleteConversation(companyId, 'simulator', config.id);
  }
  const body = input.message?.body.trim() ?? '';
  if (body) {
    await repo.insertSimulatorMessage(companyId, config.id, {
      body,
      fromMe: input.message?.fromMe ?? false,
      at: nowDate(),
    });
    if (!input.message?.fromMe) {
      await noteCustomerMessage({ companyId, kind: 'simulator', refId: config.id }, config, body);
    }
  }
  return publishSimulator(companyId, config.id);
}
