import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { IconCheck, IconCheckCheck, IconMapPin, IconPaperclip, IconSend, IconX } from '../../ui/icons';
import type { SimMessage } from './simulator-api';
import { SIM_ACCEPT, SIM_PANE_MAX_HEIGHT } from './simulator-rules';

export type PhoneSend =
  /** `quotedId`: the answer to a message (a reply button tapped) */
  | { kind: 'text'; body: string; quotedId?: string }
  | { kind: 'file'; file: File; caption: string }
  | { kind: 'location'; latitude: number; longitude: number };

const MEDIA_LABELS: Record<string, MessageDescriptor> = {
  image: msg`Imagem`,
  audio: msg`Áudio`,
  video: msg`Vídeo`,
  location: msg`Localização`,
  document: msg`Documento`,
};

type ReplyButton = { id: string; text: string };

/** the reply buttons (and footer) a platform message carried (campaign buttons), from the simulator row */
export function replyButtonsOf(m: SimMessage): { buttons: ReplyButton[]; footer: string } | null {
  const d = m.dataJson as { buttons?: unknown; footer?: unknown } | null;
  if (m.direction !== 'out' || !Array.isArray(d?.buttons) || !d.buttons.length) return null;
  return { buttons: d.buttons as ReplyButton[], footer: typeof d.footer === 'string' ? d.footer : '' };
}

function Bubble({
  m,
  time,
  onReply,
}: {
  m: SimMessage;
  time: string;
  /** a reply button tapped: the contact answers with its text */
  onReply?: (b: ReplyButton) => void;
}) {
  const { t, i18n } = useLingui();
  const reply = m.deleted ? null : replyButtonsOf(m);
  // the phone belongs to the contact: what the contact wrote is "mine" (right); what the business sent (the platform,
  // or typed on the business phone itself: fromMe) is theirs (left)
  const mine = m.direction === 'in';
  const loc = m.mediaType === 'location' ? (m.dataJson as { latitude?: number; longitude?: number } | null) : null;
  return (
    <div
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
      data-testid="sim-message"
      data-direction={m.direction}
    >
      <div
        className={`max-w-[82%] rounded-xl px-2.5 py-1.5 text-[13px] leading-snug shadow-sm ${
          mine ? 'rounded-br-sm bg-[#d9fdd3] text-neutral-900' : 'rounded-bl-sm bg-white text-neutral-900'
        }`}
      >
        {m.deleted ? (
          <span className="italic text-neutral-500">
            <Trans>Mensagem apagada</Trans>
          </span>
        ) : (
          <>
            {m.mediaType && m.mediaType !== 'chat' ? (
              <span className="mb-0.5 flex items-center gap-1.5 rounded-md bg-black/5 px-2 py-1 text-xs text-neutral-700">
                {m.mediaType === 'location' ? <IconMapPin size={14} /> : <IconPaperclip size={14} />}
                <span className="truncate">
                  {i18n._(MEDIA_LABELS[m.mediaType] ?? MEDIA_LABELS.document!)}
                  {m.fileName ? ` · ${m.fileName}` : ''}
                  {loc?.latitude !== undefined ? ` · ${loc.latitude.toFixed(4)}, ${loc.longitude?.toFixed(4)}` : ''}
                </span>
              </span>
            ) : null}
            {m.body ? <span className="whitespace-pre-wrap break-words">{m.body}</span> : null}
            {reply?.footer ? <span className="mt-0.5 block text-[11px] text-neutral-500">{reply.footer}</span> : null}
          </>
        )}
        <span className="float-right ml-2 mt-1 flex items-center gap-0.5 text-[10px] text-neutral-500">
          {time}
          {!mine ? (
            m.ack >= 4 ? (
              <IconCheckCheck size={12} className="text-sky-500" aria-label={t`Lida`} />
            ) : (
              <IconCheck size={12} aria-label={t`Recebida`} />
            )
          ) : null}
        </span>
        {reply ? (
          <div className="-mx-2.5 -mb-1.5 mt-1.5 flex flex-col border-t border-black/10" data-testid="sim-buttons">
            {reply.buttons.map((b) => (
              <button
                key={b.id}
                type="button"
                className="border-b border-black/5 py-1.5 text-center text-[13px] font-medium text-[#027eb5] last:border-b-0 hover:bg-black/5 disabled:opacity-50"
                disabled={!onReply}
                onClick={() => onReply?.(b)}
                data-testid="sim-button"
              >
                {b.text}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A phone (the contact's) talking to one connection: the messages both ways and a composer for text, a file or a
 * location. The messages pane is at most 400 px high (spec 3 §9).
 */
export function PhoneMockup({
  title,
  subtitle,
  online,
  messages,
  loading,
  disabled,
  unread,
  onSend,
  onMarkRead,
}: {
  title: string;
  subtitle: string;
  online: boolean;
  messages: SimMessage[];
  loading: boolean;
  disabled: boolean;
  unread: number;
  onSend: (s: PhoneSend) => Promise<boolean>;
  onMarkRead: () => void;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [locOpen, setLocOpen] = useState(false);
  const [lat, setLat] = useState('-23.5505');
  const [lng, setLng] = useState('-46.6333');
  const fileRef = useRef<HTMLInputElement>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const fmt = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' });

  useEffect(() => {
    const el = paneRef.current;
    if (el && messages.length) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const send = async (s: PhoneSend) => {
    setBusy(true);
    try {
      return await onSend(s);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = text.trim();
    if (!body || busy || disabled) return;
    if (await send({ kind: 'text', body })) setText('');
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  const latN = Number(lat);
  const lngN = Number(lng);
  const locValid = lat !== '' && lng !== '' && Math.abs(latN) <= 90 && Math.abs(lngN) <= 180;

  return (
    <div
      className="mx-auto w-full max-w-[360px] rounded-[2.25rem] border-[10px] border-neutral-800 bg-neutral-800 shadow-xl"
      data-testid="phone-mockup"
    >
      <div className="overflow-hidden rounded-[1.6rem] bg-[#efeae2]">
        <div className="flex items-center gap-2.5 bg-[#075e54] px-3 pb-2.5 pt-3 text-white">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm font-semibold">
            {title.slice(0, 1).toUpperCase()}
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold" data-testid="phone-title">
              {title}
            </p>
            <p className="truncate text-[11px] text-white/75">{online ? t`online` : subtitle}</p>
          </div>
          {unread > 0 ? (
            <button
              type="button"
              className="btn btn-xs border-0 bg-white/15 text-white hover:bg-white/25"
              onClick={onMarkRead}
              data-testid="phone-mark-read"
            >
              <IconCheckCheck size={12} />
              <Trans>Ler ({unread})</Trans>
            </button>
          ) : null}
        </div>
        <div
          ref={paneRef}
          className="flex h-[400px] flex-col gap-1.5 overflow-y-auto px-2.5 py-3"
          style={{ maxHeight: SIM_PANE_MAX_HEIGHT }}
          data-testid="phone-pane"
        >
          {loading ? (
            <div className="m-auto">
              <span className="loading loading-spinner loading-md text-[#075e54]" />
            </div>
          ) : messages.length === 0 ? (
            <p className="m-auto max-w-[15rem] rounded-lg bg-[#fff5c4] px-3 py-2 text-center text-xs text-neutral-700">
              <Trans>Escreva como se fosse o cliente: a mensagem chega à plataforma e abre um ticket.</Trans>
            </p>
          ) : (
            messages.map((m) => (
              <Bubble
                key={m.id}
                m={m}
                time={fmt.format(new Date(m.createdAt))}
                onReply={
                  busy || disabled ? undefined : (b) => void send({ kind: 'text', body: b.text, quotedId: m.id })
                }
              />
            ))
          )}
        </div>
        {locOpen ? (
          <div
            className="flex items-end gap-2 border-t border-black/10 bg-white px-3 py-2"
            data-testid="phone-location"
          >
            <label className="flex flex-1 flex-col text-[11px] text-neutral-600">
              <Trans>Latitude</Trans>
              <input
                className="input input-xs w-full bg-white text-neutral-900"
                value={lat}
                inputMode="decimal"
                onChange={(e) => setLat(e.target.value)}
              />
            </label>
            <label className="flex flex-1 flex-col text-[11px] text-neutral-600">
              <Trans>Longitude</Trans>
              <input
                className="input input-xs w-full bg-white text-neutral-900"
                value={lng}
                inputMode="decimal"
                onChange={(e) => setLng(e.target.value)}
              />
            </label>
            <button
              type="button"
              className="btn btn-xs bg-[#075e54] text-white"
              disabled={!locValid || busy || disabled}
              onClick={async () => {
                if (await send({ kind: 'location', latitude: latN, longitude: lngN })) setLocOpen(false);
              }}
              data-testid="phone-send-location"
            >
              <Trans>Enviar</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs btn-square text-neutral-600"
              onClick={() => setLocOpen(false)}
              aria-label={t`Fechar`}
            >
              <IconX size={14} />
            </button>
          </div>
        ) : null}
        <form className="flex items-end gap-1.5 bg-[#f0f2f5] px-2 py-2" onSubmit={submit}>
          <input
            ref={fileRef}
            type="file"
            accept={SIM_ACCEPT}
            className="hidden"
            data-testid="phone-file"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file && (await send({ kind: 'file', file, caption: text.trim() }))) setText('');
            }}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle text-neutral-600"
            onClick={() => fileRef.current?.click()}
            disabled={busy || disabled}
            aria-label={t`Enviar arquivo`}
            title={t`Enviar arquivo`}
            data-testid="phone-attach"
          >
            <IconPaperclip size={18} />
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle text-neutral-600"
            onClick={() => setLocOpen((v) => !v)}
            disabled={busy || disabled}
            aria-label={t`Enviar localização`}
            title={t`Enviar localização`}
            data-testid="phone-location-toggle"
          >
            <IconMapPin size={18} />
          </button>
          <textarea
            className="textarea textarea-sm min-h-9 flex-1 resize-none rounded-2xl border-0 bg-white text-neutral-900"
            rows={1}
            placeholder={disabled ? t`Conexão indisponível` : t`Mensagem`}
            value={text}
            disabled={disabled}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            data-testid="phone-input"
          />
          <button
            type="submit"
            className="btn btn-sm btn-circle border-0 bg-[#00a884] text-white hover:bg-[#008f6f]"
            disabled={busy || disabled || !text.trim()}
            aria-label={t`Enviar`}
            data-testid="phone-send"
          >
            {busy ? <span className="loading loading-spinner loading-xs" /> : <IconSend size={16} />}
          </button>
        </form>
      </div>
    </div>
  );
}
