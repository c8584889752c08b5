/**
 * Message rendering rules of spec 1 §2 as data: a message becomes a small tree of tokens the React side maps to
 * elements. Never an HTML string: anything that is not one of the few kept inline tags stays literal text, so
 * `<img src=x onerror=alert(1)>` is shown, not run.
 */
import type { MessageDto } from './message.types';

export type InlineToken =
  | { type: 'text'; text: string }
  | { type: 'bold'; children: InlineToken[] }
  | { type: 'italic'; children: InlineToken[] }
  | { type: 'strike'; children: InlineToken[] }
  | { type: 'underline'; children: InlineToken[] }
  | { type: 'lineBreak' }
  /** always opened in a new tab with rel="noopener noreferrer" */
  | { type: 'link'; href: string; text: string; target: '_blank'; rel: 'noopener noreferrer' };

export const RENDER_TEXTS = {
  vcard: 'Cartão de contato não suportado',
  locationError: 'Erro ao renderizar a localização',
  deleted: 'Mensagem apagada',
  deletedByContact: 'Mensagem apagada pelo contato',
  edited: 'Mensagem Editada',
  missedCall: 'Chamada de voz/vídeo perdida às',
} as const;

/** Delivery mark of an own message: ack ≤ 2 one check, 3 two checks, ≥ 4 read. */
export type AckMark = 'oneCheck' | 'twoChecks' | 'read';

export function ackMark(ack: number): AckMark {
  if (ack >= 4) return 'read';
  if (ack === 3) return 'twoChecks';
  return 'oneCheck';
}

export type RenderedContent =
  | { kind: 'text'; tokens: InlineToken[] }
  | { kind: 'deleted'; byContact: boolean; text: string }
  | { kind: 'vcard'; text: string }
  | { kind: 'location'; latitude: number; longitude: number; mapUrl: string; tokens: InlineToken[] }
  | { kind: 'locationError'; text: string }
  | { kind: 'missedCall'; time: string; text: string }
  | { kind: 'media'; mediaType: string; mediaUrl: string | null; caption: InlineToken[] };

export type RenderedMessage = {
  content: RenderedContent;
  /** 'Mensagem Editada' label shown with the content */
  edited: { text: string } | null;
  /** own messages only */
  ack: AckMark | null;
};

export type RenderOptions = {
  /**
   * IANA zone for the missed-call time; default: the runtime's zone, i.e. the viewer's in the browser, as every other
   * time on screen (issue 12 point 3: a fixed America/Sao_Paulo disagreed with the bubble's own clock)
   */
  timeZone?: string;
  locale?: string;
};

// ---------------------------------------------------------------------------------------------------------------
// inline text

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
// closing punctuation and WhatsApp markers after a link ("*https://x.com*") are not part of it
const TRAILING_PUNCT = /[.,;:!?)\]}'"*~]+$/;

type Range = { start: number; end: number; href: string };

function findLinks(s: string): Range[] {
  const out: Range[] = [];
  for (const m of s.matchAll(URL_RE)) {
    let raw = m[0];
    // "(veja https://x.com/a)." keeps the closing punctuation outside the link
    const trail = raw.match(TRAILING_PUNCT);
    if (trail) raw = raw.slice(0, raw.length - trail[0].length);
    if (!raw || /^(https?:\/\/|www\.)$/i.test(raw)) continue;
    const start = m.index ?? 0;
    const href = /^www\./i.test(raw) ? `https://${raw}` : raw;
    out.push({ start, end: start + raw.length, href });
  }
  return out;
}

/** The kept inline tags, without attributes; anything else is literal text. */
const TAGS: Record<string, 'bold' | 'italic' | 'strike' | 'underline'> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  u: 'underline',
};
const MARKS: Record<string, 'bold' | 'strike'> = { '*': 'bold', '~': 'strike' };

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

type Span = {
  kind: 'bold' | 'italic' | 'strike' | 'underline';
  open: number;
  innerStart: number;
  innerEnd: number;
  close: number;
};

function insideLink(i: number, links: Range[]): boolean {
  return links.some((l) => i >= l.start && i < l.end);
}

/** The first formatting span starting at or after `from` within [from, to). */
function nextSpan(s: string, from: number, to: number, links: Range[]): Span | null {
  for (let i = from; i < to; i++) {
    if (insideLink(i, links)) continue;
    const ch = s[i];
    const mark = MARKS[ch];
    if (mark) {
      // WhatsApp style: *x* opens before a non-space and not glued to a word on the left
      if (isSpace(s[i + 1]) || s[i + 1] === ch || isWordChar(s[i - 1])) continue;
      for (let j = i + 2; j < to; j++) {
        if (insideLink(j, links)) continue;
        if (s[j] === ch && !isSpace(s[j - 1]) && !isWordChar(s[j + 1])) {
          return { kind: mark, open: i, innerStart: i + 1, innerEnd: j, close: j + 1 };
        }
      }
      continue;
    }
    if (ch === '<') {
      const m = /^<([a-z]+)>/i.exec(s.slice(i, to));
      const kind = m ? TAGS[m[1].toLowerCase()] : undefined;
      if (!m || !kind) continue;
      const closeTag = `</${m[1].toLowerCase()}>`;
      const innerStart = i + m[0].length;
      const j = s.slice(innerStart, to).toLowerCase().indexOf(closeTag);
      if (j < 0) continue;
      return { kind, open: i, innerStart, innerEnd: innerStart + j, close: innerStart + j + closeTag.length };
    }
  }
  return null;
}

function plain(s: string, from: number, to: number, links: Range[], out: InlineToken[]): void {
  let i = from;
  const push = (text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.text += text;
    else out.push({ type: 'text', text });
  };
  for (const l of links) {
    if (l.end <= from || l.start >= to) continue;
    push(s.slice(i, Math.max(i, l.start)));
    out.push({
      type: 'link',
      href: l.href,
      text: s.slice(l.start, l.end),
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    i = l.end;
  }
  push(s.slice(i, to));
}

function parseRange(s: string, from: number, to: number, links: Range[], depth: number): InlineToken[] {
  const out: InlineToken[] = [];
  let i = from;
  while (i < to) {
    const span = depth < 8 ? nextSpan(s, i, to, links) : null;
    if (!span) break;
    plain(s, i, span.open, links, out);
    out.push({ type: span.kind, children: parseRange(s, span.innerStart, span.innerEnd, links, depth + 1) });
    i = span.close;
  }
  plain(s, i, to, links, out);
  return out;
}

/** `*bold*`, `~strike~`, the kept inline tags, links; line breaks (also `<br>`) as tokens. */
export function renderInline(text: string): InlineToken[] {
  const out: InlineToken[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split(/\n|<br\s*\/?>/i);
  lines.forEach((line, n) => {
    if (n > 0) out.push({ type: 'lineBreak' });
    out.push(...parseRange(line, 0, line.length, findLinks(line), 0));
  });
  return out;
}

/** Plain text of tokens (previews, copy, tests). */
export function tokensToText(tokens: InlineToken[]): string {
  return tokens
    .map((t) => {
      switch (t.type) {
        case 'text':
        case 'link':
          return t.text;
        case 'lineBreak':
          return '\n';
        default:
          return tokensToText(t.children);
      }
    })
    .join('');
}

// ---------------------------------------------------------------------------------------------------------------
// whole message

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** Coordinates from dataJson {latitude, longitude}, or from a maps link `q=lat,lng` in the body. */
export function locationOf(m: Pick<MessageDto, 'body' | 'dataJson'>): { latitude: number; longitude: number } | null {
  let lat = num(m.dataJson?.latitude);
  let lng = num(m.dataJson?.longitude);
  if (lat === null || lng === null) {
    const q = /[?&]q=(-?\d+(?:\.\d+)?)(?:,|%2C)(-?\d+(?:\.\d+)?)/i.exec(m.body ?? '');
    if (q) {
      lat = Number(q[1]);
      lng = Number(q[2]);
    }
  }
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}

function callTime(m: Pick<MessageDto, 'createdAt' | 'dataJson'>, opts: RenderOptions): string {
  const raw = m.dataJson?.at;
  const at = new Date(typeof raw === 'string' || typeof raw === 'number' ? raw : m.createdAt);
  const d = Number.isNaN(at.getTime()) ? new Date(m.createdAt) : at;
  // the same options as the bubble's clock (web tickets/format clockTime), so both read alike in every locale
  return new Intl.DateTimeFormat(opts.locale ?? 'pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
  }).format(d);
}

const isVcard = (m: Pick<MessageDto, 'mediaType' | 'body'>) =>
  m.mediaType === 'vcard' || m.mediaType === 'contactMessage' || /^\s*BEGIN:VCARD/i.test(m.body ?? '');

export type RenderableMessage = Pick<
  MessageDto,
  | 'body'
  | 'fromMe'
  | 'ack'
  | 'mediaType'
  | 'mediaUrl'
  | 'isDeleted'
  | 'deletedByContact'
  | 'isEdited'
  | 'dataJson'
  | 'createdAt'
>;

export function renderMessage(m: RenderableMessage, opts: RenderOptions = {}): RenderedMessage {
  const ack = m.fromMe ? ackMark(m.ack) : null;
  const edited = m.isEdited || m.mediaType === 'editedMessage' ? { text: RENDER_TEXTS.edited } : null;
  const content = renderContent(m, opts);
  return { content, edited: content.kind === 'deleted' ? null : edited, ack };
}

function renderContent(m: RenderableMessage, opts: RenderOptions): RenderedContent {
  if (m.isDeleted) {
    return {
      kind: 'deleted',
      byContact: m.deletedByContact,
      text: m.deletedByContact ? RENDER_TEXTS.deletedByContact : RENDER_TEXTS.deleted,
    };
  }
  if (isVcard(m)) return { kind: 'vcard', text: RENDER_TEXTS.vcard };
  switch (m.mediaType) {
    case 'location': {
      const loc = locationOf(m);
      if (!loc) return { kind: 'locationError', text: RENDER_TEXTS.locationError };
      const mapUrl = `https://maps.google.com/maps?q=${loc.latitude}%2C${loc.longitude}&z=17`;
      // the body of a location usually repeats the maps link: show only extra text (a place name) under the map
      const extra = (m.body ?? '')
        .split('\n')
        .filter((l) => !/maps\.google|google\.[a-z.]+\/maps|^data:image\//i.test(l))
        .join('\n')
        .trim();
      return { kind: 'location', ...loc, mapUrl, tokens: extra ? renderInline(extra) : [] };
    }
    case 'call_log': {
      const time = callTime(m, opts);
      return { kind: 'missedCall', time, text: `${RENDER_TEXTS.missedCall} ${time}` };
    }
    case 'document':
    case 'application': {
      // a document shows its file name (dataJson.fileName, else the body); the body is also a caption when a file
      // name is known and the body is not that same name (a file received without a caption carries its name)
      const body = m.body ?? '';
      const fileName = typeof m.dataJson?.fileName === 'string' ? m.dataJson.fileName : null;
      const caption = fileName === null || body.trim() === '' || body === fileName ? [] : renderInline(body);
      return { kind: 'media', mediaType: m.mediaType, mediaUrl: m.mediaUrl, caption };
    }
    case 'image':
    case 'audio':
    case 'video':
    case 'sticker':
      return { kind: 'media', mediaType: m.mediaType, mediaUrl: m.mediaUrl, caption: renderInline(m.body ?? '') };
    default:
      return { kind: 'text', tokens: renderInline(m.body ?? '') };
  }
}
