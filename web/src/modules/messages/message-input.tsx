import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDto, TicketDto } from '@zapdesk/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toastError } from '../../lib/errors';
import { IconMapPin, IconMic, IconPaperclip, IconReply, IconSend, IconSmile, IconX } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities } from '../auth/use-capabilities';
import { FlowPickerMenu, useFlowPicker } from '../flows/flow-picker';
import { AttachmentPreview } from './attachment-preview';
import { ATTACHMENT_ACCEPT, attachmentAllowed } from './attachments';
import { dropDraft, keepsDraft, readDraft, saveDraft } from './drafts';
import { type QuickAnswer, sendMedia, sendText } from './messages-api';
import { QuickAnswerMenu, useQuickAnswers } from './quick-answer-menu';

const EmojiPicker = lazy(() => import('./emoji-picker'));
const AudioRecorder = lazy(() => import('./audio-recorder'));
const LocationPicker = lazy(() => import('../locations/location-picker'));

/** Spec 1 §2: the box grows to at most 3 rows. */
export const INPUT_MAX_ROWS = 3;

/** Enter sends, Shift+Enter adds a line; whitespace-only text is never sent. */
export function isSendKey(e: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.nativeEvent?.isComposing;
}
export const sendable = (text: string) => text.trim().length > 0;

/**
 * The message input (spec 1 §2): multiline (3 rows), Enter sends, emoji picker, attachments with preview, audio
 * recording, a saved location (spec 2 §7), reply quote, '/' quick answers, ';' flows (run on the ticket); enabled only
 * while the ticket is open.
 * The draft is kept per ticket.
 */
export function MessageInput({
  ticket,
  enabled,
  companyId,
  replyTo,
  onCancelReply,
  onSent,
}: {
  ticket: TicketDto;
  enabled: boolean;
  companyId: number;
  replyTo: MessageDto | null;
  onCancelReply: () => void;
  onSent: (list: MessageDto[]) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(() => (keepsDraft(ticket.status) ? readDraft(ticket.id) : ''));
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [recording, setRecording] = useState(false);
  const [locationOpen, setLocationOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // the ticket stopped being open: its draft goes (spec 1 §4)
  useEffect(() => {
    if (!keepsDraft(ticket.status)) dropDraft(ticket.id);
  }, [ticket.id, ticket.status]);

  const change = (value: string) => {
    setText(value);
    if (keepsDraft(ticket.status)) saveDraft(ticket.id, value);
  };

  // '/' at the start: quick answers whose shortcut or text match what follows
  const quick = useQuickAnswers(text, enabled);
  // ';' at the start: the company's Chat flows; the chosen one runs on this ticket (plan flag enableFlows)
  const caps = useCapabilities();
  const flowPicker = useFlowPicker(text, enabled && !!caps?.useFlows, ticket.id, () => {
    setText('');
    dropDraft(ticket.id);
  });

  const pickAnswer = (a: QuickAnswer) => {
    change(a.message);
    quick.clear();
    area.current?.focus();
  };

  const sendTyped = async () => {
    if (!enabled || busy || !sendable(text)) return;
    const body = text.trim();
    setBusy(true);
    try {
      const sent = await sendText(ticket.id, companyId, body, replyTo?.id ?? null);
      onSent(sent);
      setText('');
      dropDraft(ticket.id);
      onCancelReply();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
      area.current?.focus();
    }
  };

  const sendFiles = async (list: File[], caption: string) => {
    setBusy(true);
    try {
      const sent = await sendMedia(ticket.id, companyId, list, caption.trim(), replyTo?.id ?? null);
      onSent(sent);
      onCancelReply();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const bad = list.filter((f) => !attachmentAllowed(f));
    if (bad.length) toast.error(t`Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.`);
    const ok = list.filter(attachmentAllowed);
    if (ok.length) setFiles(ok);
    if (fileInput.current) fileInput.current.value = '';
  };

  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    change(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  if (!enabled) {
    return (
      <div
        className="border-t border-base-300 bg-base-100 px-4 py-3 text-center text-sm text-base-content/60"
        data-testid="message-input-disabled"
      >
        {ticket.status === 'pending' ? (
          <Trans>Aceite o ticket para responder.</Trans>
        ) : ticket.status === 'closed' ? (
          <Trans>Este ticket está resolvido.</Trans>
        ) : (
          <Trans>Somente o atendente deste ticket pode responder.</Trans>
        )}
      </div>
    );
  }

  return (
    <div className="relative border-t border-base-300 bg-base-100 px-2 py-2 sm:px-3" data-testid="message-input">
      {replyTo ? (
        <div
          className="mb-2 flex items-start gap-2 rounded-box border-l-4 border-primary bg-base-200 px-3 py-1.5 text-xs"
          data-testid="reply-preview"
        >
          <IconReply size={14} className="mt-0.5 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {replyTo.fromMe ? <Trans>Você</Trans> : (replyTo.contact?.name ?? ticket.contact.name)}
            </p>
            <p className="line-clamp-2 opacity-80">{replyTo.body || replyTo.mediaType}</p>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            onClick={onCancelReply}
            aria-label={t`Cancelar resposta`}
          >
            <IconX size={14} />
          </button>
        </div>
      ) : null}
      <QuickAnswerMenu quick={quick} onPick={pickAnswer} />
      <FlowPickerMenu picker={flowPicker} />
      {emojiOpen ? (
        <div className="absolute bottom-full left-2 z-30 mb-1">
          <Suspense fallback={<span className="loading loading-spinner loading-sm" />}>
            <EmojiPicker onPick={insertEmoji} />
          </Suspense>
        </div>
      ) : null}
      <div className="flex items-end gap-1">
        {recording ? (
          <Suspense fallback={<span className="loading loading-spinner loading-sm" />}>
            <AudioRecorder onDone={() => setRecording(false)} onSend={async (f) => void (await sendFiles([f], ''))} />
          </Suspense>
        ) : (
          <>
            <button
              type="button"
              className={`btn btn-ghost btn-sm btn-circle ${emojiOpen ? 'text-primary' : ''}`}
              onClick={() => setEmojiOpen((o) => !o)}
              aria-label={t`Emojis`}
              data-testid="emoji-toggle"
            >
              <IconSmile size={20} />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle"
              onClick={() => fileInput.current?.click()}
              aria-label={t`Anexar arquivo`}
              data-testid="attach-button"
            >
              <IconPaperclip size={20} />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle"
              onClick={() => setLocationOpen(true)}
              aria-label={t`Enviar localização`}
              title={t`Enviar localização`}
              data-testid="location-button"
            >
              <IconMapPin size={20} />
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="hidden"
              onChange={(e) => choose(e.target.files)}
              data-testid="attach-input"
            />
            <textarea
              ref={area}
              className="textarea textarea-sm field-sizing-content max-h-[5.5rem] min-h-10 flex-1 resize-none rounded-2xl text-sm leading-5"
              rows={1}
              value={text}
              placeholder={t`Digite uma mensagem ou / para respostas rápidas`}
              onChange={(e) => change(e.target.value)}
              onKeyDown={(e) => {
                if (quick.onKeyDown(e, pickAnswer)) return;
                if (flowPicker.onKeyDown(e)) return;
                if (isSendKey(e)) {
                  e.preventDefault();
                  void sendTyped();
                }
              }}
              onFocus={() => setEmojiOpen(false)}
              aria-label={t`Mensagem`}
              data-testid="message-textarea"
            />
            {sendable(text) ? (
              <button
                type="button"
                className="btn btn-primary btn-sm btn-circle"
                onClick={() => void sendTyped()}
                disabled={busy}
                aria-label={t`Enviar`}
                data-testid="send-button"
              >
                {busy ? <span className="loading loading-spinner loading-xs" /> : <IconSend size={16} />}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-circle"
                onClick={() => setRecording(true)}
                aria-label={t`Gravar áudio`}
                data-testid="record-button"
              >
                <IconMic size={20} />
              </button>
            )}
          </>
        )}
      </div>
      {locationOpen ? (
        <Suspense fallback={null}>
          <LocationPicker
            ticketId={ticket.id}
            companyId={companyId}
            quotedMsgId={replyTo?.id ?? null}
            onClose={() => setLocationOpen(false)}
            onSent={(sent) => {
              onSent(sent);
              onCancelReply();
            }}
          />
        </Suspense>
      ) : null}
      {files.length ? (
        <AttachmentPreview
          files={files}
          caption={text}
          onCaption={change}
          busy={busy}
          onCancel={() => setFiles([])}
          onSend={async () => {
            if (await sendFiles(files, text)) {
              setFiles([]);
              setText('');
              dropDraft(ticket.id);
            }
          }}
        />
      ) : null}
    </div>
  );
}
