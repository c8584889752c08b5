import { buttonsAsText, DomainError } from '@zapdesk/core';
import {
  type AnyMessageContent,
  Browsers,
  downloadMediaMessage,
  generateMessageIDV2,
  isJidBroadcast,
  isJidGroup,
  jidDecode,
  jidNormalizedUser,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type proto,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys';
import { log } from '../../log';
import type {
  ChannelAdapter,
  ChannelEvents,
  ChannelPresence,
  ChannelSession,
  InboundMessage,
  OutboundContent,
  SentMessage,
} from '../types';
import { mapAckUpdates } from './acks';
import { createRetryStore, type DbAuthState, type RetryStore, useDbAuthState } from './auth-state';
import { type ConnectionUpdateLike, interpretConnectionUpdate } from './connection';
import { mapUpsertMessage, toUnixSeconds } from './map-message';
import type { ReconnectDecision } from './reconnect';

type Conn = Parameters<ChannelAdapter['start']>[0];
type Socket = ReturnType<typeof makeWASocket>;
export type SocketFactory = (config: Parameters<typeof makeWASocket>[0]) => Socket;

export type BaileysAdapterOptions = {
  /** secret the session keys are sealed with (env.encryptionKey ?? env.jwtSecret) */
  secret: string;
  /** injected in tests (a fake socket); production uses Baileys' makeWASocket */
  makeSocket?: SocketFactory;
  /** ask the phone for its full history at pairing (used when the connection imports old messages) */
  syncFullHistory?: boolean;
  /** multiplies reconnect delays (tests use a tiny factor) */
  backoffFactor?: number;
  /** media download override (tests: no network); production decrypts from WhatsApp's CDN */
  downloadMedia?: (msg: WAMessage) => Promise<Uint8Array>;
};

/** How long history-sync chunks are kept for fetchHistory after a socket opens, and the most kept. */
const HISTORY_WINDOW_MS = 10 * 60_000;
const HISTORY_MAX = 20_000;
const HISTORY_IDLE_MS = 30_000;
/** inbound/outbound messages remembered to build quotes from an id */
const RECENT_MAX = 500;
const RETRY_PRUNE_MS = 60 * 60_000;

/** `5511999999999`, `+55 (11) 99999-9999` or a full jid → a jid Baileys can address. */
export function toJid(to: string): string {
  if (to.includes('@')) return jidNormalizedUser(to) || to;
  const digits = to.replace(/\D/g, '');
  if (!digits) throw new DomainError('ERR_WAPP_INVALID_CONTACT');
  return `${digits}@s.whatsapp.net`;
}

/** OutboundContent → Baileys content. */
export function toBaileysContent(content: OutboundContent): AnyMessageContent {
  switch (content.kind) {
    case 'text':
      return { text: content.body };
    case 'buttons':
      // interactive buttons are unreliable for accounts without the Business API: numbered options in the text
      return { text: buttonsAsText(content.body, content.buttons, content.footer) };
    case 'location':
      return {
        location: {
          degreesLatitude: content.latitude,
          degreesLongitude: content.longitude,
          ...(content.name ? { name: content.name } : {}),
          ...(content.address ? { address: content.address } : {}),
        },
      };
    case 'media': {
      const data = Buffer.from(content.data);
      const caption = content.caption || undefined;
      switch (content.mediaType) {
        case 'image':
          return { image: data, mimetype: content.mimeType, caption };
        case 'video':
          return { video: data, mimetype: content.mimeType, caption };
        case 'audio':
          return { audio: data, mimetype: content.mimeType, ptt: !!content.ptt };
        case 'sticker':
          return { sticker: data, mimetype: content.mimeType };
        default:
          return { document: data, mimetype: content.mimeType, fileName: content.fileName, caption };
      }
    }
  }
}

export class BaileysAdapter implements ChannelAdapter {
  readonly lib = 'baileys' as const;
  constructor(private readonly opts: BaileysAdapterOptions) {}

  async start(conn: Conn, events: ChannelEvents): Promise<ChannelSession> {
    const session = new BaileysSession(conn, events, this.opts);
    await session.connect();
    return session;
  }
}

class BaileysSession implements ChannelSession {
  readonly connId: number;
  private sock: Socket | undefined;
  private auth: DbAuthState | undefined;
  private readonly retry: RetryStore;
  private attempt = 0;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private readonly recent = new Map<string, WAMessage>();
  private readonly logger: typeof log;
  private history: { until: number; items: WAMessage[]; done: boolean; lastChunkAt: number; wake?: () => void } = {
    until: 0,
    items: [],
    done: false,
    lastChunkAt: 0,
  };

  constructor(
    private readonly conn: Conn,
    private readonly events: ChannelEvents,
    private readonly opts: BaileysAdapterOptions,
  ) {
    this.connId = conn.id;
    this.logger = log.child({ connId: conn.id, companyId: conn.companyId, lib: 'baileys' });
    const scope = { companyId: conn.companyId, whatsappId: conn.id, secret: opts.secret };
    this.retry = createRetryStore(scope);
  }

  /** creds writes, one after another, so an older snapshot never lands after a newer one */
  private credsWrite: Promise<void> = Promise.resolve();
  private keys: ReturnType<typeof makeCacheableSignalKeyStore> | undefined;

  /**
   * Opens (or re-opens) the socket. The auth state is read from the database once per session and then reused in
   * memory across restarts and reconnects: the 515 restart right after pairing arrives while the new creds may still
   * be on their way to the database, and re-reading them there would lose the pairing.
   */
  async connect(): Promise<void> {
    if (this.stopped) return;
    const baileysLogger = this.logger.child({ module: 'baileys' }, { level: process.env.BAILEYS_LOG_LEVEL ?? 'warn' });
    if (!this.auth) {
      this.auth = await useDbAuthState({
        companyId: this.conn.companyId,
        whatsappId: this.conn.id,
        secret: this.opts.secret,
      });
      this.keys = makeCacheableSignalKeyStore(this.auth.state.keys, baileysLogger);
    }
    const auth = this.auth;
    const make = this.opts.makeSocket ?? (makeWASocket as SocketFactory);
    const sock = make({
      auth: { creds: auth.state.creds, keys: this.keys ?? auth.state.keys },
      logger: baileysLogger as never,
      browser: Browsers.ubuntu('Chrome'),
      markOnlineOnConnect: false,
      syncFullHistory: !!this.opts.syncFullHistory,
      // groups of a connection that disables them are not even decrypted; status broadcasts never matter here
      shouldIgnoreJid: (jid: string) => !!isJidBroadcast(jid) || (this.conn.disableGroupMessages && !!isJidGroup(jid)),
      // retries: a recipient device that failed to decrypt asks again; we re-encrypt from our own store
      getMessage: async (key: WAMessageKey) => (key.id ? this.retry.get(key.id) : undefined),
    } as Parameters<typeof makeWASocket>[0]);
    this.sock = sock;
    sock.ev.on('creds.update', () => {
      // Baileys has already merged the update into auth.state.creds; persist the whole object
      this.credsWrite = this.credsWrite
        .then(() => auth.saveCreds())
        .catch((err) => this.logger.error({ err }, 'saving creds failed'));
    });
    sock.ev.on('connection.update', (u) => this.onConnectionUpdate(sock, u as ConnectionUpdateLike));
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      if (this.sock !== sock || (type !== 'notify' && type !== 'append')) return;
      for (const m of messages) this.inOrder(() => this.onUpsert(sock, m));
    });
    sock.ev.on('messages.update', (updates: WAMessageUpdate[]) => {
      if (this.sock !== sock) return;
      const acks = mapAckUpdates(updates);
      if (acks.length === 0) return;
      this.inOrder(async () => {
        for (const a of acks) this.events.onAck(this.connId, a.messageId, a.ack);
      });
    });
    sock.ev.on('call', (calls: WACallEvent[]) => {
      if (this.sock !== sock) return;
      for (const c of calls) {
        if (c.status !== 'offer' || c.isGroup) continue;
        const at = Math.floor((c.date?.getTime?.() ?? Date.now()) / 1000);
        this.events.onCall(this.connId, jidNormalizedUser(c.callerPn ?? c.from), at, c);
      }
    });
    sock.ev.on('messaging-history.set', ({ messages, progress, isLatest }) => {
      if (this.sock !== sock || Date.now() > this.history.until) return;
      const room = HISTORY_MAX - this.history.items.length;
      if (room > 0) this.history.items.push(...messages.slice(0, room));
      this.history.lastChunkAt = Date.now();
      if (progress === 100 || isLatest) this.history.done = true;
      this.history.wake?.();
    });
    sock.ev.on('messaging-history.status', ({ status }) => {
      if (this.sock !== sock) return;
      if (status === 'complete') this.history.done = true;
      this.history.wake?.();
    });
  }

  private onConnectionUpdate(sock: Socket, update: ConnectionUpdateLike): void {
    if (this.sock !== sock || this.stopped) return;
    const registered = !!this.auth?.state.creds.registered || !!this.auth?.state.creds.me;
    for (const effect of interpretConnectionUpdate(update, { attempt: this.attempt, registered })) {
      switch (effect.type) {
        case 'qr':
          this.events.onQr(this.connId, effect.qr);
          break;
        case 'status':
          this.events.onStatus(this.connId, effect.status);
          break;
        case 'open': {
          this.attempt = 0;
          const number = jidDecode(sock.user?.id)?.user;
          this.history = { until: Date.now() + HISTORY_WINDOW_MS, items: [], done: false, lastChunkAt: Date.now() };
          this.schedulePrune();
          this.events.onStatus(this.connId, 'CONNECTED', number ? { number } : undefined);
          break;
        }
        case 'close':
          void this.onClose(effect.decision);
          break;
      }
    }
  }

  private async onClose(decision: ReconnectDecision): Promise<void> {
    this.logger.info({ decision, attempt: this.attempt }, 'baileys socket closed');
    this.sock = undefined;
    if (decision.action === 'restart') {
      this.events.onStatus(this.connId, 'OPENING');
      await this.connect().catch((err) => this.logger.error({ err }, 'restart failed'));
      return;
    }
    if (decision.action === 'reconnect') {
      const delay = Math.round(decision.delayMs * (this.opts.backoffFactor ?? 1) * (0.8 + Math.random() * 0.4));
      this.attempt++;
      this.events.onStatus(this.connId, decision.status, { reason: decision.reason });
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        this.connect().catch((err) => {
          // treat a failed reopen (database down…) like a lost connection: try again later
          this.logger.error({ err }, 'reconnect failed');
          void this.onClose({ ...decision, delayMs: decision.delayMs * 2 });
        });
      }, delay);
      return;
    }
    // stop: nobody will reopen this socket until a person acts (new QR, try again)
    this.stopped = true;
    this.clearTimers();
    if (decision.clearAuth) await this.forgetAuth();
    // reason 'logout' tells the session manager the session is over (it releases the ownership lease)
    this.events.onStatus(this.connId, 'DISCONNECTED', { reason: decision.clearAuth ? 'logout' : decision.reason });
  }

  private schedulePrune(): void {
    if (this.pruneTimer) return;
    const prune = () => this.retry.prune().catch((err) => this.logger.warn({ err }, 'retry store prune failed'));
    void prune();
    this.pruneTimer = setInterval(prune, RETRY_PRUNE_MS);
    this.pruneTimer.unref?.();
  }

  /**
   * Inbound work runs one item at a time: a media download must not let the next text (or the edit of that very
   * message) overtake it, or chats show messages out of order.
   */
  private inbound: Promise<void> = Promise.resolve();
  private inOrder(fn: () => Promise<void>): void {
    this.inbound = this.inbound.then(fn).catch((err) => this.logger.error({ err }, 'inbound handling failed'));
  }

  private readonly sentIds = new Set<string>();
  private markSent(id: string): void {
    this.sentIds.add(id);
    if (this.sentIds.size > RECENT_MAX) this.sentIds.delete(this.sentIds.values().next().value as string);
  }

  private remember(m: WAMessage): void {
    const id = m.key?.id;
    if (!id) return;
    this.recent.delete(id);
    this.recent.set(id, m);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value as string);
  }

  private async onUpsert(sock: Socket, m: WAMessage): Promise<void> {
    if (m.key?.fromMe && m.key.id && this.sentIds.has(m.key.id)) return; // echo of our own send
    try {
      const mapped = await mapUpsertMessage(m, {
        disableGroupMessages: this.conn.disableGroupMessages,
        downloadMedia: this.downloader(sock),
        pnForLid: (lid) => sock.signalRepository.lidMapping.getPNForLID(lid),
        selfJid: sock.user?.id,
      });
      switch (mapped.kind) {
        case 'message':
          this.remember(m);
          this.events.onMessage(this.connId, mapped.message);
          break;
        case 'edit':
          this.events.onEdit(this.connId, mapped.messageId, mapped.newBody, mapped.raw);
          break;
        case 'revoke':
          this.events.onRevoke(this.connId, mapped.messageId, mapped.raw);
          break;
        case 'reaction':
          this.events.onReaction(this.connId, mapped.messageId, mapped.emoji, mapped.from, mapped.raw);
          break;
        case 'ignore':
          break;
      }
    } catch (err) {
      this.logger.error({ err, id: m.key?.id }, 'inbound message mapping failed');
    }
  }

  private downloader(sock: Socket): (msg: WAMessage) => Promise<Uint8Array> {
    return (
      this.opts.downloadMedia ??
      ((msg) =>
        downloadMediaMessage(
          msg,
          'buffer',
          {},
          { logger: this.logger as never, reuploadRequest: sock.updateMediaMessage },
        ))
    );
  }

  private openSocket(): Socket {
    if (!this.sock || this.stopped || !this.sock.user) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    return this.sock;
  }

  /** The quoted message for a reply: the real one when seen recently, else a key-only stub (WhatsApp still links). */
  private quoted(jid: string, quotedId: string | undefined): WAMessage | undefined {
    if (!quotedId) return undefined;
    return (
      this.recent.get(quotedId) ?? {
        key: { remoteJid: jid, id: quotedId, fromMe: false },
        message: { conversation: '' },
      }
    );
  }

  async sendMessage(to: string, content: OutboundContent): Promise<SentMessage> {
    const sock = this.openSocket();
    const jid = toJid(to);
    let sent: WAMessage | undefined;
    // our id, known before sending: Baileys echoes our own sends as messages.upsert ('append'), which must not come
    // back to the platform as a new message racing the sender's own insert
    const messageId = generateMessageIDV2(sock.user?.id);
    this.markSent(messageId);
    try {
      sent = await sock.sendMessage(jid, toBaileysContent(content), {
        quoted: this.quoted(jid, content.quotedId),
        messageId,
      });
    } catch (err) {
      this.logger.warn({ err, jid }, 'send failed');
      throw new DomainError('ERR_SENDING_WAPP_MSG');
    }
    if (!sent?.key?.id) throw new DomainError('ERR_SENDING_WAPP_MSG');
    this.remember(sent);
    if (sent.message) {
      await this.retry
        .put(sent.key.id, sent.message)
        .catch((err) => this.logger.warn({ err }, 'retry store put failed'));
    }
    return { id: sent.key.id, timestamp: toUnixSeconds(sent.messageTimestamp, Math.floor(Date.now() / 1000)) };
  }

  async sendPresence(to: string, presence: ChannelPresence): Promise<void> {
    const sock = this.openSocket();
    try {
      await sock.sendPresenceUpdate(presence, toJid(to));
    } catch (err) {
      this.logger.warn({ err }, 'presence update failed');
      throw new DomainError('ERR_SENDING_WAPP_MSG');
    }
  }

  async deleteMessage(to: string, messageId: string, fromMe: boolean): Promise<void> {
    const sock = this.openSocket();
    const jid = toJid(to);
    // WhatsApp only revokes for everyone our own messages (or any message in a group we administer)
    if (!fromMe && !isJidGroup(jid)) throw new DomainError('ERR_DELETE_WAPP_MSG');
    const key: proto.IMessageKey = { remoteJid: jid, id: messageId, fromMe };
    const original = this.recent.get(messageId);
    if (!fromMe && original?.key?.participant) key.participant = original.key.participant;
    try {
      await sock.sendMessage(jid, { delete: key });
    } catch (err) {
      this.logger.warn({ err, jid, messageId }, 'delete failed');
      throw new DomainError('ERR_DELETE_WAPP_MSG');
    }
  }

  async checkNumber(number: string): Promise<string | null> {
    const sock = this.openSocket();
    const jid = toJid(number);
    if (isJidGroup(jid)) return null;
    let result: { jid: string; exists: boolean }[] | undefined;
    try {
      result = await sock.onWhatsApp(jid);
    } catch (err) {
      this.logger.warn({ err }, 'onWhatsApp failed');
      throw new DomainError('ERR_WAPP_CHECK_CONTACT');
    }
    const hit = result?.find((r) => r.exists);
    // WhatsApp answers with the registered jid: for Brazilian mobiles it settles the 9th-digit ambiguity
    return hit ? (jidDecode(hit.jid)?.user ?? null) : null;
  }

  /**
   * Messages of the phone's history sync (sent right after pairing) between `from` and `to`, oldest first within
   * each chunk. Ends when WhatsApp reports the sync complete, or after 30 s without a new chunk.
   */
  async *fetchHistory(opts: { from: Date; to: Date }): AsyncIterable<InboundMessage> {
    const from = opts.from.getTime();
    const to = opts.to.getTime();
    let index = 0;
    for (;;) {
      while (index < this.history.items.length) {
        const m = this.history.items[index++]!;
        const ts = toUnixSeconds(m.messageTimestamp, 0) * 1000;
        if (ts < from || ts > to) continue;
        const sock = this.sock;
        const mapped = await mapUpsertMessage(m, {
          disableGroupMessages: this.conn.disableGroupMessages,
          downloadMedia: sock ? this.downloader(sock) : undefined,
          pnForLid: sock ? (lid) => sock.signalRepository.lidMapping.getPNForLID(lid) : undefined,
        });
        if (mapped.kind === 'message') yield mapped.message;
      }
      if (this.stopped || this.history.done || Date.now() - this.history.lastChunkAt > HISTORY_IDLE_MS) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        this.history.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.history.wake = undefined;
    }
    // the buffer served its import: free it
    this.history = { ...this.history, items: [], until: 0 };
  }

  private async forgetAuth(): Promise<void> {
    await this.credsWrite; // a pending write must not resurrect the creds after the delete
    await this.auth?.clear().catch((err) => this.logger.error({ err }, 'clearing auth failed'));
    this.auth = undefined;
    this.keys = undefined;
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.reconnectTimer = undefined;
    this.pruneTimer = undefined;
  }

  async stop(opts: { logout?: boolean } = {}): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    const sock = this.sock;
    this.sock = undefined;
    this.history.wake?.();
    if (opts.logout) {
      // tell WhatsApp to unlink this device; then forget the keys even if the phone was unreachable
      await sock?.logout().catch((err) => this.logger.warn({ err }, 'logout request failed'));
      await this.forgetAuth();
    } else {
      await sock?.end(undefined).catch(() => {});
      // a handover to another process must find the latest creds in the database
      await this.credsWrite;
    }
  }
}
