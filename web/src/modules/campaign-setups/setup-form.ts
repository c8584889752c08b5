import {
  ButtonList,
  CAMPAIGN_SETUP_DEFAULTS,
  type CampaignSetupBody,
  type CampaignSetupDto,
  type CampaignTicketSetStatus,
  DEFAULT_BUTTON_LIST,
  MAX_BUTTONS,
  type WarmupTier,
} from '@zapdesk/core';

/**
 * The setup form's state (spec 2 §3 CampaignSetup, §9 options) and its conversions: from a stored setup (edit, or a
 * copy), the defaults of a new one, and the request body. Pure: the dialog only renders it.
 */
export type SetupForm = {
  name: string;
  whatsapps: number[];
  queueId: number | null;
  userId: number | null;
  ticketSetStatus: CampaignTicketSetStatus;
  tMax: number;
  tMin: number;
  interval: number;
  autoStart: boolean;
  webhookUrlConcluded: string;
  /** the message carries reply buttons (`jsonButtonOrList`); off = null */
  buttonsOn: boolean;
  buttonTitle: string;
  buttonFooter: string;
  /** the buttons' texts, at most MAX_BUTTONS */
  buttons: string[];
  // ban safety (admins only)
  intervalJitterPct: number;
  sendWindowStart: string;
  sendWindowEnd: string;
  breakerThreshold: number;
  warmup: WarmupTier[];
};

const D = CAMPAIGN_SETUP_DEFAULTS;

/** A new setup: the §9 defaults, the safety defaults, and the spec's default buttons ('Você tem interesse?'). */
export function newSetupForm(): SetupForm {
  return {
    name: '',
    whatsapps: [],
    queueId: null,
    userId: null,
    ticketSetStatus: D.ticketSetStatus,
    tMax: D.tMax,
    tMin: D.tMin,
    interval: D.interval,
    autoStart: D.autoStart,
    webhookUrlConcluded: '',
    buttonsOn: true,
    buttonTitle: DEFAULT_BUTTON_LIST.text,
    buttonFooter: DEFAULT_BUTTON_LIST.footer,
    buttons: DEFAULT_BUTTON_LIST.buttons.map((b) => b.buttonText.displayText),
    intervalJitterPct: D.intervalJitterPct,
    sendWindowStart: D.sendWindowStart,
    sendWindowEnd: D.sendWindowEnd,
    breakerThreshold: D.breakerThreshold,
    warmup: D.warmup.map((w) => ({ ...w })),
  };
}

/** The stored `jsonButtonOrList` (a JSON string) read back; unreadable or absent = no buttons. */
export function parseButtons(json: string | null): ButtonList | null {
  if (!json) return null;
  try {
    const parsed = ButtonList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The form of a stored setup; `copyName` makes it a new setup's form (the copy of another one). */
export function setupFormOf(s: CampaignSetupDto, copyName?: string): SetupForm {
  const buttons = parseButtons(s.jsonButtonOrList);
  return {
    name: copyName ?? s.name,
    whatsapps: s.whatsapps.map((w) => w.id),
    queueId: s.queueId,
    userId: s.userId,
    ticketSetStatus: s.ticketSetStatus,
    tMax: s.tMax,
    tMin: s.tMin,
    interval: s.interval,
    autoStart: s.autoStart,
    webhookUrlConcluded: s.webhookUrlConcluded ?? '',
    buttonsOn: buttons !== null,
    buttonTitle: buttons?.text ?? DEFAULT_BUTTON_LIST.text,
    buttonFooter: buttons?.footer ?? '',
    buttons: buttons ? buttons.buttons.map((b) => b.buttonText.displayText) : [],
    intervalJitterPct: s.intervalJitterPct,
    sendWindowStart: s.sendWindowStart,
    sendWindowEnd: s.sendWindowEnd,
    breakerThreshold: s.breakerThreshold,
    warmup: s.warmup.map((w) => ({ ...w })),
  };
}

/** The body of POST /CampaignSetup and PUT /campaignSetup/{id}. */
export function setupBody(f: SetupForm): CampaignSetupBody {
  return {
    name: f.name,
    whatsapps: f.whatsapps,
    queueId: f.queueId,
    userId: f.userId,
    ticketSetStatus: f.ticketSetStatus,
    tMax: f.tMax,
    tMin: f.tMin,
    interval: f.interval,
    autoStart: f.autoStart,
    webhookUrlConcluded: f.webhookUrlConcluded.trim() || null,
    jsonButtonOrList: f.buttonsOn
      ? {
          text: f.buttonTitle,
          footer: f.buttonFooter,
          buttons: f.buttons.map((displayText, i) => ({
            buttonId: String(i + 1),
            buttonText: { displayText },
            type: 1 as const,
          })),
        }
      : null,
    intervalJitterPct: f.intervalJitterPct,
    sendWindowStart: f.sendWindowStart,
    sendWindowEnd: f.sendWindowEnd,
    breakerThreshold: f.breakerThreshold,
    warmup: f.warmup,
  };
}

/** Another button may be added (WhatsApp allows 3 per message). */
export const canAddButton = (f: SetupForm): boolean => f.buttons.length < MAX_BUTTONS;

/** The next warm-up tier: a week after the last, twice its cap. */
export function nextWarmupTier(tiers: readonly WarmupTier[]): WarmupTier {
  const last = tiers.at(-1);
  return last ? { fromDay: last.fromDay + 7, perDay: last.perDay * 2 } : { fromDay: 0, perDay: 20 };
}

/** Owner (the setup's user) or administrator may edit, delete and manage; others may only copy (spec 2 §8). */
export function mayEditSetup(me: { id: number; profile: string } | null, s: { userId: number | null }): boolean {
  return !!me && (me.profile === 'admin' || s.userId === me.id);
}
