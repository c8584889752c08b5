/**
 * Pure rules of messages: signature, the ticket's lastMessage preview, greeting placeholders.
 */

/** Sender's name in bold before the text (WhatsApp bold is `*…*`), as the attendant signature. */
export function signBody(body: string, senderName: string): string {
  const name = senderName.trim();
  if (!name) return body;
  return `*${name}*:\n${body}`;
}

/** Whether a message of this user is signed: the user opted in and the permission group does not disable it. */
export function shouldSign(user: { signMessage: boolean }, caps: { signatureToggle: boolean }): boolean {
  return user.signMessage && caps.signatureToggle;
}

const MEDIA_PREVIEW: Record<string, string> = {
  image: '📷 Imagem',
  audio: '🎤 Áudio',
  video: '🎥 Vídeo',
  document: '📄 Documento',
  sticker: 'Figurinha',
  location: '📍 Localização',
  vcard: '👤 Contato',
  call_log: 'Chamada de voz/vídeo perdida',
};

/** Text kept as the ticket's lastMessage: the body, or a label for bodiless media. */
export function lastMessagePreview(m: { body: string; mediaType: string | null }): string {
  if (m.mediaType === 'location') {
    // a pin's body is its name, address and maps link: the list shows the label and the place's name
    const name = m.body
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !/^https?:\/\//i.test(l));
    return name ? `${MEDIA_PREVIEW.location} · ${name}`.slice(0, 255) : (MEDIA_PREVIEW.location as string);
  }
  const body = m.body.trim();
  if (body) return body.slice(0, 255);
  return (m.mediaType && MEDIA_PREVIEW[m.mediaType]) || '';
}

export type GreetingVars = {
  /** contact name */
  name: string;
  protocol: string;
  /** attendant name, when one is known */
  user?: string;
  now: Date;
  timeZone?: string;
};

/** Good morning/afternoon/evening in pt-BR, by the local hour. */
export function greetingByHour(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * Replaces the greeting template placeholders (spec 1 §9: customer, attendant, protocol, date and time):
 * {{name}} {{firstName}} {{user}} {{protocol}} {{date}} {{hour}} {{ms}} (greeting by hour). Unknown ones stay.
 */
export function renderGreeting(template: string, v: GreetingVars): string {
  const tz = v.timeZone ?? 'America/Sao_Paulo';
  const date = new Intl.DateTimeFormat('pt-BR', {
    timeZone: tz,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(v.now);
  const hour = new Intl.DateTimeFormat('pt-BR', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(v.now);
  const h = Number(hour.slice(0, 2));
  const values: Record<string, string> = {
    name: v.name,
    firstName: v.name.trim().split(/\s+/)[0] ?? '',
    user: v.user ?? '',
    protocol: v.protocol,
    date,
    hour,
    ms: greetingByHour(h),
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, key: string) => (key in values ? values[key] : m));
}

/** A reply option sent with a text (campaign buttons). */
export type ReplyButton = { id: string; text: string };

/**
 * A text with reply options as plain text, numbered — how the options reach a WhatsApp account without the Business
 * API (interactive buttons are unreliable there), and how the message is stored in the ticket:
 * `body`, a blank line, `1 - Sim` / `2 - Não` / …, then the footer in italics when there is one.
 */
export function buttonsAsText(body: string, buttons: readonly ReplyButton[], footer?: string): string {
  const options = buttons.map((b, i) => `${i + 1} - ${b.text}`).join('\n');
  const foot = footer?.trim() ? `\n\n_${footer.trim()}_` : '';
  if (!options) return `${body}${foot}`;
  return `${body.trimEnd()}\n\n${options}${foot}`;
}
