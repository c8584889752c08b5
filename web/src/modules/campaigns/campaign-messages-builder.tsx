import { Trans, useLingui } from '@lingui/react/macro';
import { CAMPAIGN_MESSAGES_MAX, CAMPAIGN_TEXTS } from '@zapdesk/core';
import { useRef, useState } from 'react';
import { translateValidation } from '../../lib/errors';
import { IconFile, IconPaperclip, IconPlus, IconTrash, IconX } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { mediaProblem, SCHEDULE_MEDIA_ACCEPT } from '../schedules/schedule-media';
import type { PhoneMessage } from './campaign-phone';
import { messageProblem } from './campaign-rules';
import type { CreatorMessage } from './campaigns-api';

/** The phone's view of a message being written or added. */
export const phoneMessageOf = (m: CreatorMessage): PhoneMessage => ({
  greeting: m.greeting,
  body: m.body,
  mediaName: m.media?.name ?? null,
});

/**
 * The creator's message list builder (spec 2 §2/§5): a greeting (required) and a text of 5+ characters or a media
 * file (the text is then its caption); "Adicionar mensagem" checks it (warning toasts) and puts it on the list (at most
 * 5; each contact gets one of them). The draft and the chosen message show in the phone (`onPreview`).
 */
export function CampaignMessagesBuilder({
  messages,
  onChange,
  selected,
  onSelect,
  draft,
  onDraft,
}: {
  messages: CreatorMessage[];
  onChange: (messages: CreatorMessage[]) => void;
  selected: number;
  onSelect: (index: number) => void;
  draft: CreatorMessage;
  onDraft: (draft: CreatorMessage) => void;
}) {
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const full = messages.length >= CAMPAIGN_MESSAGES_MAX;

  const pick = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = mediaProblem(file);
    if (problem) {
      const maxMb = problem.kind === 'size' ? problem.maxMb : 0;
      setMediaError(
        problem.kind === 'type'
          ? t`Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.`
          : problem.kind === 'empty'
            ? t`O arquivo está vazio.`
            : t`Arquivo muito grande (máximo ${maxMb} MB).`,
      );
      return;
    }
    setMediaError(null);
    onDraft({ ...draft, media: file });
  };

  const add = () => {
    if (full) {
      toast.warning(translateValidation(CAMPAIGN_TEXTS.tooManyMessages) ?? CAMPAIGN_TEXTS.tooManyMessages);
      return;
    }
    const problem = messageProblem(draft);
    if (problem) {
      toast.warning(translateValidation(problem) ?? problem);
      return;
    }
    onChange([...messages, { greeting: draft.greeting.trim(), body: draft.body.trim(), media: draft.media }]);
    onSelect(messages.length);
    onDraft({ greeting: '', body: '', media: null });
  };

  return (
    <div className="flex flex-col gap-3" data-testid="creator-messages">
      <div className="grid grid-cols-1 gap-3">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            <Trans>Saudação</Trans>
          </span>
          <input
            className="input w-full"
            value={draft.greeting}
            placeholder={t`Ex.: Olá! Tudo bem?`}
            maxLength={1000}
            onChange={(e) => onDraft({ ...draft, greeting: e.target.value })}
            data-testid="creator-greeting"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            {draft.media ? <Trans>Legenda (opcional)</Trans> : <Trans>Mensagem</Trans>}
          </span>
          <textarea
            className="textarea w-full"
            rows={3}
            value={draft.body}
            maxLength={4096}
            placeholder={t`A mensagem enviada depois da saudação (mínimo 5 caracteres)`}
            onChange={(e) => onDraft({ ...draft, body: e.target.value })}
            data-testid="creator-body"
          />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => fileInput.current?.click()}
          data-testid="creator-media-pick"
        >
          <IconPaperclip size={16} />
          {draft.media ? <Trans>Trocar arquivo</Trans> : <Trans>Anexar arquivo</Trans>}
        </button>
        {draft.media ? (
          <span className="flex min-w-0 items-center gap-1 text-sm" data-testid="creator-media-name">
            <IconFile size={16} className="shrink-0 opacity-60" />
            <span className="max-w-[14rem] truncate">{draft.media.name}</span>
            <button
              type="button"
              className="btn btn-ghost btn-xs btn-circle"
              onClick={() => onDraft({ ...draft, media: null })}
              aria-label={t`Remover arquivo`}
            >
              <IconX size={12} />
            </button>
          </span>
        ) : null}
        {mediaError ? (
          <span className="text-sm text-error" role="alert">
            {mediaError}
          </span>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          accept={SCHEDULE_MEDIA_ACCEPT}
          className="hidden"
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid="creator-media-input"
        />
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm ml-auto"
          onClick={add}
          disabled={full}
          data-testid="creator-add-message"
        >
          <IconPlus size={16} />
          <Trans>Adicionar mensagem</Trans>
        </button>
      </div>
      {messages.length > 0 ? (
        <ul className="flex flex-col gap-1.5" data-testid="creator-message-list">
          {messages.map((m, i) => (
            <li
              key={i}
              className={`flex items-start gap-2 rounded-box border px-3 py-2 text-sm ${
                i === selected ? 'border-primary bg-primary/5' : 'border-base-300'
              }`}
              data-testid="creator-message"
            >
              <button type="button" className="min-w-0 flex-1 text-left" onClick={() => onSelect(i)}>
                <span className="block truncate font-medium">
                  {i + 1}. {m.greeting}
                </span>
                <span className="block truncate text-base-content/70">
                  {m.media ? `📎 ${m.media.name}${m.body ? ` · ${m.body}` : ''}` : m.body}
                </span>
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-square text-error"
                aria-label={t`Remover mensagem`}
                title={t`Remover mensagem`}
                onClick={() => {
                  onChange(messages.filter((_, j) => j !== i));
                  onSelect(Math.max(0, Math.min(selected, messages.length - 2)));
                }}
                data-testid="creator-message-remove"
              >
                <IconTrash size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-base-content/60">
        <Trans>Cada contato recebe uma das mensagens da lista (no máximo {CAMPAIGN_MESSAGES_MAX}).</Trans>
      </p>
    </div>
  );
}
