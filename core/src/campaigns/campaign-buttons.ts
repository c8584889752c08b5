import type { ReplyButton } from '../messages/message-rules';
import { DEFAULT_BUTTON_TITLE, JsonButtonOrList } from './campaign.schemas';

/** One message of a campaign dispatch's second step, as the outbound seam takes it. */
export type CampaignMessagePart =
  | { kind: 'text'; body: string }
  | { kind: 'storedMedia'; mediaUrl: string; body: string }
  | { kind: 'buttons'; body: string; buttons: ReplyButton[]; footer?: string };

/** The setup's stored `jsonButtonOrList` → its reply buttons (null: none, or unreadable). */
export function campaignButtonsOf(
  json: string | null | undefined,
): { title: string; footer: string; buttons: ReplyButton[] } | null {
  const r = JsonButtonOrList.safeParse(json ?? null);
  if (!r.success || !r.data?.buttons.length) return null;
  return {
    title: r.data.text,
    footer: r.data.footer,
    buttons: r.data.buttons.map((b) => ({ id: b.buttonId, text: b.buttonText.displayText })),
  };
}

/**
 * What the campaign message step sends (spec 2 §9: the buttons belong to the campaign message, not the greeting).
 * A text message with buttons is ONE message: the text, a blank line, the setup's title ('Você tem interesse?'),
 * and the buttons. A media message keeps its caption and is followed by one buttons message whose text is the title.
 * Without buttons: the text, or the media with its caption, as before.
 */
export function campaignMessageParts(
  msg: { typeMessage: string; body: string; mediaUrl: string | null },
  jsonButtonOrList: string | null | undefined,
): CampaignMessagePart[] {
  const list = campaignButtonsOf(jsonButtonOrList);
  const footer = list?.footer || undefined;
  if (msg.typeMessage === 'Mídia' && msg.mediaUrl) {
    const media: CampaignMessagePart = { kind: 'storedMedia', mediaUrl: msg.mediaUrl, body: msg.body };
    if (!list) return [media];
    return [media, { kind: 'buttons', body: list.title || DEFAULT_BUTTON_TITLE, buttons: list.buttons, footer }];
  }
  if (!list) return [{ kind: 'text', body: msg.body }];
  const body = [msg.body.trimEnd(), list.title].filter((s) => s.trim()).join('\n\n') || DEFAULT_BUTTON_TITLE;
  return [{ kind: 'buttons', body, buttons: list.buttons, footer }];
}
