import { randomBytes } from 'node:crypto';
import {
  DomainError,
  MEDIA_TYPES,
  normalizeNumber,
  parseJid,
  type SimulatorEvent,
  type SimulatorInbound,
  simulatorHasWhatsapp,
  sniffMedia,
} from '@zapdesk/core';
import { serviceUnavailable } from '../../unavailable';
import type {
  ChannelAdapter,
  ChannelEvents,
  ChannelMediaType,
  ChannelPresence,
  ChannelSession,
  InboundMessage,
  OutboundContent,
  SentMessage,
} from '../types';
import { loadSimulatorMedia } from './local-media';
import * as repo from './simulator.repo';

type Conn = Parameters<ChannelAdapter['start']>[0];
export type SimulatorState = 'qrcode' | 'OPENING' | 'CONNECTED' | 'stopped';

const newId = (prefix: string) => `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;

/** The phone number a simulator connection gets once "scanned": stable per connection id. */
export const simulatorNumberOf = (connId: number) => `5511900${String(connId).padStart(6, '0')}`;

function toJid(from: string): string {
  if (from.includes('@')) return from;
  return `${normalizeNumber(from)}@s.whatsapp.net`;
}

function numberOf(jid: string): string {
  const p = parseJid(jid);
  if (p.kind === 'user') return p.number;
  if (p.kind === 'lid') return p.lid;
  if (p.kind === 'group') return `${p.id}@g.us`;
  return jid;
}

/**
 * A simulated phone. Starting it shows a QR code; "scanning" it (POST /simulator/{id}/scan) pairs and connects;
 * paired connections reconnect without a QR after a restart, as a real WhatsApp session does.
 */
export class SimulatorSession implements ChannelSession {
  state: SimulatorState = 'stopped';
  qr: string | null = null;
  private ended = false;

  constructor(
    readonly conn: Conn,
    private readonly events: ChannelEvents,
    /** origins a mediaUrl may be fetched from (SIMULATOR_MEDIA_ORIGINS); data: URLs always work */
    private readonly mediaOrigins: readonly string[] = [],
  ) {}

  get connId(): number {
    return this.conn.id;
  }

  async boot(): Promise<void> {
    if (await repo.isPaired(this.conn.companyId, this.conn.id)) {
      // like a real socket, a restored session is OPENING at once and connects asynchronously after start() returns
      this.state = 'OPENING';
      this.events.onStatus(this.conn.id, 'OPENING');
      setTimeout(() => void this.connect(), 0);
    } else {
      this.state = 'qrcode';
      this.qr = `SIMULATOR:${this.conn.id}:${randomBytes(16).toString('hex')}`;
      this.events.onQr(this.conn.id, this.qr);
    }
  }

  private async connect(): Promise<void> {
    if (this.ended) return;
    if (this.state !== 'OPENING') {
      this.state = 'OPENING';
      this.events.onStatus(this.conn.id, 'OPENING');
    }
    this.state = 'CONNECTED';
    this.qr = null;
    this.events.onStatus(this.conn.id, 'CONNECTED', { number: simulatorNumberOf(this.conn.id) });
  }

  /** The phone scans the QR code: OPENING then CONNECTED. Harmless when already connected. */
  async scan(): Promise<void> {
    if (this.state === 'CONNECTED') return;
    if (this.state === 'OPENING') {
      // a restored session is reconnecting by itself
      return;
    }
    if (this.state !== 'qrcode') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    await repo.setPaired(this.conn.companyId, this.conn.id, true);
    await this.connect();
  }

  /** The phone logs out (WhatsApp > Linked devices > Log out). */
  async phoneLogout(): Promise<void> {
    if (this.state === 'stopped') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    await repo.setPaired(this.conn.companyId, this.conn.id, false);
    this.state = 'stopped';
    this.ended = true;
    this.qr = null;
    this.events.onStatus(this.conn.id, 'DISCONNECTED', { reason: 'logout' });
  }

  private requireConnected(): void {
    if (this.state !== 'CONNECTED') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  }

  /** A contact (or the phone itself with fromMe) sends a message to this connection. Answers the message id. */
  async inbound(p: SimulatorInbound): Promise<string> {
    this.requireConnected();
    const remoteJid = toJid(p.from);
    const parsed = parseJid(remoteJid);
    if (parsed.kind === 'user' && !simulatorHasWhatsapp(parsed.number)) {
      throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    }
    if (parsed.kind !== 'user' && parsed.kind !== 'lid' && parsed.kind !== 'group') {
      throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    }
    const id = p.id ?? newId('SIM');
    let media: InboundMessage['media'];
    let type: InboundMessage['type'] = 'chat';
    if (p.mediaUrl) {
      const loaded = await loadSimulatorMedia(p.mediaUrl, this.mediaOrigins);
      const ext = sniffMedia(loaded.data);
      const kind: ChannelMediaType = p.mediaType ?? (ext ? MEDIA_TYPES[ext].kind : 'document');
      type = kind;
      media = {
        mimeType: ext ? MEDIA_TYPES[ext].mime : loaded.mimeType,
        fileName: ext ? `${kind}.${ext}` : undefined,
        data: loaded.data,
      };
    } else if (p.latitude !== undefined && p.longitude !== undefined) {
      type = 'location';
    }
    const participant = parsed.kind === 'group' && p.participant ? toJid(p.participant) : undefined;
    const raw = {
      simulator: true,
      ...p,
      // the raw log keeps the payload, not the bytes
      mediaUrl: p.mediaUrl?.startsWith('data:') ? `data:…(${media?.data.length ?? 0} bytes)` : p.mediaUrl,
    };
    const msg: InboundMessage = {
      id,
      remoteJid,
      participant,
      pushName: p.fromMe ? undefined : p.name,
      fromMe: p.fromMe ?? false,
      timestamp: Math.floor(Date.now() / 1000),
      type,
      body: p.body ?? '',
      media,
      location:
        p.latitude !== undefined && p.longitude !== undefined
          ? { latitude: p.latitude, longitude: p.longitude }
          : undefined,
      quotedId: p.quotedId,
      raw,
    };
    await repo.recordSimMessage(this.conn.companyId, {
      whatsappId: this.conn.id,
      direction: p.fromMe ? 'out' : 'in',
      wid: id,
      number: numberOf(remoteJid),
      name: p.fromMe ? null : (p.name ?? null),
      body: msg.body,
      mediaType: type === 'chat' ? null : type,
      fileName: media?.fileName ?? null,
      mimeType: media?.mimeType ?? null,
      fromMe: msg.fromMe,
      quotedId: p.quotedId ?? null,
      dataJson: msg.location ?? null,
    });
    // stopped while the phone's row was written (ownership moved to another process, shutdown): this session no
    // longer delivers events, so the message would be answered as taken and never stored — refuse it, retryable
    if (this.state !== 'CONNECTED') throw serviceUnavailable();
    this.events.onMessage(this.conn.id, msg);
    return id;
  }

  /** edit / revoke / call / reaction coming from the network */
  async event(e: SimulatorEvent): Promise<void> {
    this.requireConnected();
    const raw = { simulator: true, ...e };
    switch (e.type) {
      case 'edit':
        await repo.updateSimMessage(this.conn.companyId, this.conn.id, e.id, { body: e.body ?? '' });
        this.events.onEdit(this.conn.id, e.id, e.body ?? '', raw);
        return;
      case 'revoke':
        await repo.updateSimMessage(this.conn.companyId, this.conn.id, e.id, { deleted: true });
        this.events.onRevoke(this.conn.id, e.id, raw);
        return;
      case 'reaction': {
        const target = await repo.findSimMessage(this.conn.companyId, this.conn.id, e.id);
        const from = e.from ? normalizeNumber(e.from) : (target?.number ?? '');
        this.events.onReaction(this.conn.id, e.id, e.body ?? '', from ? toJid(from) : '', raw);
        return;
      }
      case 'call':
        this.events.onCall(this.conn.id, toJid(e.from ?? ''), Math.floor(Date.now() / 1000), raw);
        return;
    }
  }

  /** delivery / read marks of a message the platform sent */
  async ack(messageId: string, ack: number): Promise<void> {
    this.requireConnected();
    const n = await repo.updateSimMessage(this.conn.companyId, this.conn.id, messageId, { ack });
    if (n === 0) throw new DomainError('ERR_NOT_FOUND', 'Mensagem não encontrada no simulador.');
    this.events.onAck(this.conn.id, messageId, ack);
  }

  async sendMessage(to: string, content: OutboundContent): Promise<SentMessage> {
    this.requireConnected();
    const jid = toJid(to);
    const parsed = parseJid(jid);
    if (parsed.kind === 'user' && !simulatorHasWhatsapp(parsed.number)) {
      throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    }
    const id = newId('SIMOUT');
    const row =
      content.kind === 'text'
        ? { body: content.body, mediaType: null, quotedId: content.quotedId ?? null }
        : content.kind === 'buttons'
          ? {
              // the phone shows the text and the reply buttons under it (tapping one answers with its text)
              body: content.body,
              mediaType: null,
              quotedId: content.quotedId ?? null,
              dataJson: { buttons: content.buttons, footer: content.footer ?? '' },
            }
          : content.kind === 'media'
            ? {
                body: content.caption ?? '',
                mediaType: content.mediaType,
                fileName: content.fileName,
                mimeType: content.mimeType,
                quotedId: content.quotedId ?? null,
                dataJson: { size: content.data.length, ptt: content.ptt ?? false },
              }
            : {
                // the phone shows the pin with the place's name and address
                body: [content.name, content.address].filter(Boolean).join('\n'),
                mediaType: 'location',
                quotedId: content.quotedId ?? null,
                dataJson: {
                  latitude: content.latitude,
                  longitude: content.longitude,
                  ...(content.name ? { name: content.name } : {}),
                  ...(content.address ? { address: content.address } : {}),
                },
              };
    const stored = await repo.recordSimMessage(this.conn.companyId, {
      whatsappId: this.conn.id,
      direction: 'out',
      wid: id,
      number: numberOf(jid),
      // fromMe marks messages typed on the phone itself; these come from the platform
      fromMe: false,
      ack: 1,
      ...row,
    });
    return { id, timestamp: Math.floor(stored.createdAt.getTime() / 1000) };
  }

  /** the presences shown, newest last (the simulated phone only remembers the last 50) */
  readonly presences: { number: string; presence: ChannelPresence; at: number }[] = [];

  async sendPresence(to: string, presence: ChannelPresence): Promise<void> {
    this.requireConnected();
    this.presences.push({ number: numberOf(toJid(to)), presence, at: Date.now() });
    if (this.presences.length > 50) this.presences.shift();
  }

  async deleteMessage(_to: string, messageId: string): Promise<void> {
    this.requireConnected();
    const n = await repo.updateSimMessage(this.conn.companyId, this.conn.id, messageId, { deleted: true });
    if (n === 0) throw new DomainError('ERR_DELETE_WAPP_MSG');
  }

  async checkNumber(number: string): Promise<string | null> {
    this.requireConnected();
    const n = normalizeNumber(number);
    if (n.length < 8 || !simulatorHasWhatsapp(n)) return null;
    return n;
  }

  /** the simulated phone's history between two dates (both directions), oldest first */
  async *fetchHistory(opts: { from: Date; to: Date }): AsyncIterable<InboundMessage> {
    this.requireConnected();
    const rows = await repo.listSimMessages(this.conn.companyId, this.conn.id, {
      from: opts.from,
      to: opts.to,
      limit: 10_000,
    });
    for (const r of rows) {
      if (r.deleted) continue;
      const isGroup = r.number.endsWith('@g.us');
      yield {
        id: r.wid,
        remoteJid: isGroup || r.number.endsWith('@lid') ? r.number : `${r.number}@s.whatsapp.net`,
        pushName: r.name ?? undefined,
        fromMe: r.direction === 'out',
        timestamp: Math.floor(r.createdAt.getTime() / 1000),
        type: (r.mediaType as InboundMessage['type']) ?? 'chat',
        body: r.body,
        location:
          r.mediaType === 'location' && r.dataJson
            ? (r.dataJson as { latitude: number; longitude: number })
            : undefined,
        quotedId: r.quotedId ?? undefined,
        raw: { simulator: true, history: true, id: r.wid },
      };
    }
  }

  async stop(opts?: { logout?: boolean }): Promise<void> {
    if (opts?.logout) await repo.setPaired(this.conn.companyId, this.conn.id, false);
    this.ended = true;
    this.state = 'stopped';
    this.qr = null;
  }
}

export class SimulatorAdapter implements ChannelAdapter {
  readonly lib = 'simulator' as const;
  constructor(private readonly mediaOrigins: readonly string[] = []) {}
  async start(conn: Conn, events: ChannelEvents): Promise<ChannelSession> {
    const s = new SimulatorSession(conn, events, this.mediaOrigins);
    await s.boot();
    return s;
  }
}
