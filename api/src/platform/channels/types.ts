/**
 * Channel port: the one interface the platform uses for WhatsApp, whatever the transport
 * (baileys for real numbers, simulator for demo/dev/tests). Adapters translate their transport's events into
 * these shapes and emit them through ChannelEvents; they never touch tickets or the database beyond their own
 * session state (auth keys).
 */
export type ConnectionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT';

export type ChannelMediaType = 'image' | 'audio' | 'video' | 'document' | 'sticker';

export type InboundMessage = {
  /** WhatsApp message id (idempotency key with the connection) */
  id: string;
  /** remote jid: `5511999999999@s.whatsapp.net`, `1234@lid`, or `xxx@g.us` */
  remoteJid: string;
  /** phone-number jid of the same person when the transport knows it (LID ↔ PN mapping) */
  remoteJidAlt?: string;
  /** group participant (sender) for group messages */
  participant?: string;
  pushName?: string;
  fromMe: boolean;
  timestamp: number;
  type: 'chat' | ChannelMediaType | 'location' | 'vcard' | 'reaction' | 'unknown';
  body: string;
  /** media bytes already downloaded by the adapter, or a fetcher */
  media?: { mimeType: string; fileName?: string; data: Uint8Array };
  location?: { latitude: number; longitude: number };
  quotedId?: string;
  /** raw transport payload for the raw message log */
  raw: unknown;
};

export type ChannelEvents = {
  onQr(connId: number, qr: string): void;
  onPairingCode?(connId: number, code: string): void;
  onStatus(connId: number, status: ConnectionStatus, info?: { number?: string; reason?: string }): void;
  onMessage(connId: number, msg: InboundMessage): void;
  /** ack: 0 pending, 1 server, 2 delivered to server, 3 delivered, 4 read, 5 played */
  onAck(connId: number, messageId: string, ack: number): void;
  onEdit(connId: number, messageId: string, newBody: string, raw: unknown): void;
  onRevoke(connId: number, messageId: string, raw: unknown): void;
  onReaction(connId: number, messageId: string, emoji: string, from: string, raw: unknown): void;
  onCall(connId: number, from: string, at: number, raw: unknown): void;
};

/** One event a connection reported, as the inbound sink receives it (ChannelEvents' calls as data). */
export type ChannelEventRecord =
  | { kind: 'message'; msg: InboundMessage }
  | { kind: 'ack'; messageId: string; ack: number }
  | { kind: 'edit'; messageId: string; body: string; raw: unknown }
  | { kind: 'revoke'; messageId: string; raw: unknown }
  | { kind: 'reaction'; messageId: string; emoji: string; from: string; raw: unknown }
  | { kind: 'call'; from: string; at: number; raw: unknown };

export type OutboundContent =
  | { kind: 'text'; body: string; quotedId?: string }
  | {
      kind: 'media';
      mediaType: ChannelMediaType;
      data: Uint8Array;
      mimeType: string;
      fileName: string;
      caption?: string;
      quotedId?: string;
      ptt?: boolean;
    }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string; quotedId?: string }
  /**
   * A text with reply options (campaign buttons, at most 3). The simulator shows them as tappable buttons; Baileys
   * sends them as a text with numbered options (core `buttonsAsText`).
   */
  | { kind: 'buttons'; body: string; buttons: { id: string; text: string }[]; footer?: string; quotedId?: string };

export type SentMessage = { id: string; timestamp: number };

/** what the contact sees at the top of the chat: typing…, recording audio…, or nothing any more */
export type ChannelPresence = 'composing' | 'recording' | 'paused';

export interface ChannelSession {
  readonly connId: number;
  sendMessage(to: string, content: OutboundContent): Promise<SentMessage>;
  deleteMessage(to: string, messageId: string, fromMe: boolean): Promise<void>;
  /** shows typing / recording to the chat (flows' Composing and Recording actions, bots before an answer) */
  sendPresence(to: string, presence: ChannelPresence): Promise<void>;
  /** the normalised number when it has WhatsApp, null otherwise */
  checkNumber(number: string): Promise<string | null>;
  fetchHistory?(opts: { from: Date; to: Date }): AsyncIterable<InboundMessage>;
  stop(opts?: { logout?: boolean }): Promise<void>;
}

export interface ChannelAdapter {
  readonly lib: 'baileys' | 'simulator';
  start(
    conn: { id: number; companyId: number; name: string; disableGroupMessages: boolean },
    events: ChannelEvents,
  ): Promise<ChannelSession>;
}
