import { Trans, useLingui } from '@lingui/react/macro';
import { ackMark, type MessageDto, renderMessage } from '@zapdesk/core';
import { memo, useMemo } from 'react';
import {
  IconBan,
  IconCheck,
  IconCheckCheck,
  IconFile,
  IconMapPin,
  IconMore,
  IconPhoneMissed,
  IconReply,
  IconTrash,
} from '../../ui/icons';
import { clockTime } from '../tickets/format';
import { InlineTokens } from './inline-tokens';
import { LocationMap } from './location-map';
import { mediaSrc } from './messages-api';
import { QUOTED_BY_ME } from './quote-author';

function reactionsOf(m: MessageDto): string[] {
  const r = m.dataJson?.reactions;
  if (!Array.isArray(r)) return [];
  return r
    .map((x) =>
      x && typeof x === 'object' && typeof (x as { emoji?: unknown }).emoji === 'string'
        ? (x as { emoji: string }).emoji
        : '',
    )
    .filter(Boolean);
}

function AckMark({ ack }: { ack: number }) {
  const { t } = useLingui();
  const mark = ackMark(ack);
  if (mark === 'read') return <IconCheckCheck size={15} className="text-info" aria-label={t`Lida`} data-ack="read" />;
  if (mark === 'twoChecks') return <IconCheckCheck size={15} aria-label={t`Entregue`} data-ack="twoChecks" />;
  return <IconCheck size={15} aria-label={t`Enviada`} data-ack="oneCheck" />;
}

function MediaBody({ m, mediaType, url }: { m: MessageDto; mediaType: string; url: string | null }) {
  const src = mediaSrc(url);
  if (!src) {
    return (
      <p className="text-sm italic opacity-70">
        <Trans>Mídia indisponível</Trans>
      </p>
    );
  }
  if (mediaType === 'image' || mediaType === 'sticker') {
    return (
      <a href={src} target="_blank" rel="noopener noreferrer" className="block">
        <img src={src} alt="" className="max-h-72 max-w-full rounded-lg object-contain" loading="lazy" />
      </a>
    );
  }
  if (mediaType === 'audio') return <audio src={src} controls preload="metadata" className="w-64 max-w-full" />;
  if (mediaType === 'video')
    return <video src={src} controls preload="metadata" className="max-h-72 max-w-full rounded-lg" />;
  const name = typeof m.dataJson?.fileName === 'string' ? (m.dataJson.fileName as string) : m.body || 'arquivo';
  return (
    <a
      href={src}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-2 rounded-lg bg-base-content/5 px-3 py-2 text-sm hover:bg-base-content/10"
    >
      <IconFile size={22} className="shrink-0" />
      <span className="truncate">{name}</span>
    </a>
  );
}

/** One message as the spec's rendering rules say (spec 1 §2), from core's renderer tokens. */
export const MessageBubble = memo(function MessageBubble({
  m,
  showSender,
  quotedBy,
  canDelete,
  onReply,
  onDelete,
}: {
  m: MessageDto;
  showSender: boolean;
  /** who wrote the message this one quotes (issue 12 §7): "me", a name, or nothing known */
  quotedBy?: string;
  canDelete: boolean;
  onReply: (m: MessageDto) => void;
  onDelete: (m: MessageDto) => void;
}) {
  const { t, i18n } = useLingui();
  const r = useMemo(() => renderMessage(m, { locale: i18n.locale }), [m, i18n.locale]);
  const c = r.content;
  const reactions = reactionsOf(m);
  const mine = m.fromMe;
  const isCaptionEmpty = c.kind === 'media' && c.caption.length === 0;

  return (
    <div
      className={`group flex ${mine ? 'justify-end' : 'justify-start'}`}
      data-testid="message"
      data-message-id={m.id}
      data-from-me={mine}
    >
      <div className={`relative max-w-[85%] sm:max-w-[70%] ${reactions.length ? 'mb-3' : ''}`}>
        <div
          className={`rounded-2xl px-3 py-1.5 text-sm shadow-sm ${
            mine ? 'rounded-br-md bg-[#d9fdd3] text-[#111b21]' : 'rounded-bl-md bg-base-100 text-base-content'
          }`}
        >
          {showSender && !mine && m.contact ? (
            <p className="text-xs font-semibold text-secondary">{m.contact.name}</p>
          ) : null}
          {m.quotedMsg ? (
            <div
              className="mb-1 rounded-md border-l-4 border-primary bg-base-content/5 px-2 py-1 text-xs"
              data-testid="message-quote"
            >
              <p className="font-semibold" data-testid="message-quote-author">
                {quotedBy === QUOTED_BY_ME ? <Trans>Você</Trans> : quotedBy ? quotedBy : <Trans>Contato</Trans>}
              </p>
              <p className="line-clamp-2 opacity-80">{m.quotedMsg.body || (m.quotedMsg.mediaType ?? '')}</p>
            </div>
          ) : null}
          <div className="whitespace-pre-wrap break-words" data-testid="message-body">
            {c.kind === 'text' ? <InlineTokens tokens={c.tokens} /> : null}
            {c.kind === 'deleted' ? (
              <span className="flex items-center gap-1 italic opacity-70">
                <IconBan size={14} />
                {c.byContact ? <Trans>Mensagem apagada pelo contato</Trans> : <Trans>Mensagem apagada</Trans>}
              </span>
            ) : null}
            {c.kind === 'vcard' ? (
              <span className="italic opacity-80">
                <Trans>Cartão de contato não suportado</Trans>
              </span>
            ) : null}
            {c.kind === 'locationError' ? (
              <span className="italic opacity-80">
                <Trans>Erro ao renderizar a localização</Trans>
              </span>
            ) : null}
            {c.kind === 'location' ? (
              <div className="flex flex-col gap-1">
                <LocationMap latitude={c.latitude} longitude={c.longitude} />
                <a
                  href={c.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="link link-info flex items-center gap-1 text-xs"
                >
                  <IconMapPin size={12} />
                  <Trans>Abrir no mapa</Trans>
                </a>
                {c.tokens.length ? <InlineTokens tokens={c.tokens} /> : null}
              </div>
            ) : null}
            {c.kind === 'missedCall' ? (
              <span className="flex items-center gap-1.5 text-error">
                <IconPhoneMissed size={15} />
                <Trans>Chamada de voz/vídeo perdida às</Trans> {c.time}
              </span>
            ) : null}
            {c.kind === 'media' ? (
              <div className="flex flex-col gap-1">
                <MediaBody m={m} mediaType={c.mediaType} url={c.mediaUrl} />
                {!isCaptionEmpty ? <InlineTokens tokens={c.caption} /> : null}
              </div>
            ) : null}
          </div>
          <div className="mt-0.5 flex items-center justify-end gap-1 text-[10px] opacity-60">
            {r.edited ? (
              <span className="italic" data-testid="message-edited">
                <Trans>Mensagem Editada</Trans>
              </span>
            ) : null}
            <span>{clockTime(m.createdAt, i18n.locale)}</span>
            {mine ? (
              <span data-testid="message-ack" data-ack-value={m.ack}>
                <AckMark ack={m.ack} />
              </span>
            ) : null}
          </div>
        </div>
        {reactions.length ? (
          <div
            className={`absolute -bottom-3 ${mine ? 'right-2' : 'left-2'} flex gap-0.5 rounded-full border border-base-300 bg-base-100 px-1.5 text-xs shadow-sm`}
          >
            {reactions.slice(0, 5).map((e, i) => (
              <span key={i}>{e}</span>
            ))}
          </div>
        ) : null}
        {!m.isDeleted ? (
          <div
            className={`dropdown dropdown-end absolute top-1 ${mine ? '-left-8' : '-right-8'} opacity-0 transition-opacity group-hover:opacity-100 focus-within:opacity-100`}
          >
            <button
              type="button"
              tabIndex={0}
              className="btn btn-ghost btn-xs btn-circle"
              aria-label={t`Opções da mensagem`}
              data-testid="message-menu"
            >
              <IconMore size={14} />
            </button>
            <ul
              tabIndex={-1}
              className="menu dropdown-content z-30 w-40 rounded-box border border-base-300 bg-base-100 p-1 text-sm shadow-lg"
            >
              <li>
                <button type="button" onClick={() => onReply(m)} data-testid="message-reply">
                  <IconReply size={14} />
                  <Trans>Responder</Trans>
                </button>
              </li>
              {mine && canDelete ? (
                <li>
                  <button type="button" className="text-error" onClick={() => onDelete(m)} data-testid="message-delete">
                    <IconTrash size={14} />
                    <Trans>Apagar</Trans>
                  </button>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
});
