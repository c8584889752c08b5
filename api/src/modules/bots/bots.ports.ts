/**
 * What the bots area needs from areas built beside it, installed by them at startup (so bots do not import them and
 * work, with the feature off, before they land):
 * - flows (`flows.bots.ts`): whether a flow of the company exists (a command of message type flow names it) and
 *   running it on a ticket (the flows area's runner: its sends go through the outbound seam with presence);
 * - AI (command type 8 "GPT prompt", bot type prompt): handing a ticket to a prompt — the AI issue fills it. Until
 *   then a GPT command stops the bot and the ticket waits for a person.
 */
export type BotFlowPort = {
  /** the flow is the company's (any type): false → 404 on the command form */
  exists(companyId: number, flowId: number): Promise<boolean>;
  /** runs the flow on the ticket (answers when it is started; its steps run on the clock) */
  run(companyId: number, ticketId: number, flowId: number): Promise<void>;
};
export type BotAiPort = {
  handOver(companyId: number, ticketId: number, botConfigId: number | null): Promise<void>;
};

let flowPort: BotFlowPort | null = null;
let aiPort: BotAiPort | null = null;

export function setBotFlowPort(port: BotFlowPort | null): void {
  flowPort = port;
}
export function botFlowPort(): BotFlowPort | null {
  return flowPort;
}
export function setBotAiPort(port: BotAiPort | null): void {
  aiPort = port;
}
export function botAiPort(): BotAiPort | null {
  return aiPort;
}
