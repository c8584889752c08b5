/**
 * What the bots area needs from an area built after it, installed by that area at startup (so bots do not import it
 * and work, with the feature off, before it lands): the AI (command type 8 "GPT prompt", bot type prompt) takes a
 * ticket over with a prompt — the AI issue fills it. Until then a GPT command stops the bot and the ticket waits for
 * a person. (Flows are called directly: `flows.service` runFlowOnTicket / showFlow.)
 */
export type BotAiPort = {
  handOver(companyId: number, ticketId: number, botConfigId: number | null): Promise<void>;
  /** a prompt (the AI area's botConfig) of the company, not deleted */
  promptExists(companyId: number, botConfigId: number): Promise<boolean>;
};

let aiPort: BotAiPort | null = null;

export function setBotAiPort(port: BotAiPort | null): void {
  aiPort = port;
}
export function botAiPort(): BotAiPort | null {
  return aiPort;
}
