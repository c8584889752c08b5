import { Trans, useLingui } from '@lingui/react/macro';
import {
  canManageSchedule,
  latestSendAt,
  SCHEDULE_TEXTS,
  type ScheduleDto,
  scheduleInput,
  schedulePreview,
  TYPE_SCHEDULES,
  type TypeMessage,
  type TypeSchedule,
} from '@zapdesk/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiError, fieldErrors, toastError, translateValidation } from '../../lib/errors';
import { Autocomplete } from '../../ui/autocomplete';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { IconFile, IconPaperclip, IconSmile, IconX } from '../../ui/icons';
import { IdSelect } from '../../ui/id-select';
import { toast } from '../../ui/toasts/toast';
import { useSessionUser } from '../auth/use-capabilities';
import { QuickAnswerMenu, useQuickAnswers } from '../messages/quick-answer-menu';
import { fetchQueues, fetchWhatsapps, type QueueRef, searchContacts, type WhatsappRef } from '../tickets/tickets-api';
import { MESSAGE_TYPE_LABELS, SCHEDULE_TYPE_LABELS } from './schedule-labels';
import { mediaProblem, SCHEDULE_MEDIA_ACCEPT } from './schedule-media';
import { createSchedule, fetchMediaFile, updateSchedule } from './schedules-api';
import { useCompanyTimeZone } from './use-company-time-zone';
import { fromZonedInput, toZonedInput } from './zoned-time';

const EmojiPicker = lazy(() => import('../messages/emoji-picker'));

type ContactRef = { id: number; name: string; number?: string };

/** An open schedule dialog: a new schedule (for a contact, or none), an existing one, or a copy of one. */
export type ScheduleEditor = {
  schedule: ScheduleDto | null;
  copy: boolean;
  contact: ContactRef | null;
  /** a new schedule's queue and connection (a closed ticket's reschedule: the ticket's) */
  queueId?: number | null;
  whatsappId?: number | null;
};

/** Spec 2 §6: who edits and deletes (admin or the owner); everyone copies. */
export function useScheduleAccess(): { isAdmin: boolean; canManage: (s: ScheduleDto) => boolean } {
  const me = useSessionUser();
  return {
    isAdmin: me?.profile === 'admin',
    canManage: (s) => (me ? canManageSchedule(me, s) : false),
  };
}

/** Renders the dialog of an open editor (a fresh form per schedule). */
export function ScheduleEditorHost({
  editor,
  onClose,
  onSaved,
}: {
  editor: ScheduleEditor | null;
  onClose: () => void;
  onSaved: (s: ScheduleDto) => void;
}) {
  if (!editor) return null;
  const key = editor.schedule ? `${editor.copy ? 'copy' : 'edit'}-${editor.schedule.id}` : `new-${editor.contact?.id}`;
  return <ScheduleDialog key={key} editor={editor} onClose={onClose} onSaved={onSaved} />;
}

type Field = 'contactId' | 'body' | 'sendAt' | 'repeatCount' | 'typeMessage' | 'typeSchedule' | 'media';

/** A new schedule goes out in an hour, on a whole minute, unless a copied one still lies ahead. */
function defaultSendAt(now: number, from: ScheduleDto | null): string {
  if (from && Date.parse(from.sendAt) > now + 60_000) return from.sendAt;
  return new Date(Math.ceil((now + 3_600_000) / 60_000) * 60_000).toISOString();
}

/**
 * The schedule dialog (spec 2 §2, §5): message type (Texto / Mídia), schedule type (Único, Recorrente Semanal,
 * Recorrente Mensal), send date on the company's clock (one minute ago to two years ahead), repetitions (recurring
 * only; empty = forever), contact (search from 2 characters), queue, connection, media (png, jpg, pdf, mp4, mp3,
 * ogg), body with emojis and '/' quick answers, and the preview (77 characters, 30 for media). The ';' flows picker
 * joins when the flows area exists (no company has flows yet).
 */
function ScheduleDialog({
  editor,
  onClose,
  onSaved,
}: {
  editor: ScheduleEditor;
  onClose: () => void;
  onSaved: (s: ScheduleDto) => void;
}) {
  const { t, i18n } = useLingui();
  const me = useSessionUser();
  const zone = useCompanyTimeZone();
  const source = editor.schedule;
  const editing = source && !editor.copy ? source : null;
  const [openedAt] = useState(() => Date.now());
  const [contact, setContact] = useState<ContactRef | null>(source?.contact ?? editor.contact);
  const [typeMessage, setTypeMessage] = useState<TypeMessage>(source?.typeMessage ?? 'Texto');
  const [typeSchedule, setTypeSchedule] = useState<TypeSchedule>(source?.typeSchedule ?? 'Único');
  const [sendAt, setSendAt] = useState(() =>
    toZonedInput(editing ? editing.sendAt : defaultSendAt(openedAt, source), zone),
  );
  const [repeat, setRepeat] = useState(source?.repeatCount != null ? String(source.repeatCount) : '');
  const [queueId, setQueueId] = useState<number | null>(source?.queueId ?? editor.queueId ?? null);
  const [whatsappId, setWhatsappId] = useState<number | null>(source?.whatsappId ?? editor.whatsappId ?? null);
  const [body, setBody] = useState(source?.body ?? '');
  const [media, setMedia] = useState<File | null>(null);
  const [queues, setQueues] = useState<QueueRef[]>([]);
  const [whatsapps, setWhatsapps] = useState<WhatsappRef[]>([]);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const quick = useQuickAnswers(body, true);

  useEffect(() => {
    let alive = true;
    Promise.all([fetchQueues(), fetchWhatsapps()]).then(
      ([q, w]) => {
        if (!alive) return;
        setQueues(q);
        setWhatsapps(w);
      },
      (err) => alive && toastError(err),
    );
    return () => {
      alive = false;
    };
  }, []);

  const recurring = typeSchedule !== 'Único';
  const isMedia = typeMessage === 'Mídia';
  // the file the schedule already has: kept by an edit, fetched again by a copy
  const sourceMedia = source?.typeMessage === 'Mídia' && source.mediaUrl ? source : null;
  const mediaName = media?.name ?? sourceMedia?.mediaName ?? null;
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const pickFile = (list: FileList | null) => {
    const file = list?.[0];
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = mediaProblem(file);
    if (problem) {
      const maxMb = problem.kind === 'size' ? problem.maxMb : 0;
      const text =
        problem.kind === 'type'
          ? t`Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.`
          : problem.kind === 'empty'
            ? t`O arquivo está vazio.`
            : t`Arquivo muito grande (máximo ${maxMb} MB).`;
      setErrors((e) => ({ ...e, media: text }));
      return;
    }
    clear('media');
    setMedia(file);
  };

  const insertEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + emoji + body.slice(end));
    clear('body');
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = async () => {
    if (!me) return;
    const values = {
      body,
      contactId: contact?.id ?? null,
      sendAt: fromZonedInput(sendAt, zone) ?? '',
      typeMessage,
      typeSchedule,
      repeatCount: recurring ? repeat : null,
      queueId,
      whatsappId,
      mediaName: isMedia ? mediaName : null,
    };
    const parsed = scheduleInput(Date.now(), { currentSendAt: editing?.sendAt ?? null }).safeParse(values);
    const found: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error.issues);
    if (isMedia && !mediaName) found.media = translateValidation(SCHEDULE_TEXTS.mediaRequired);
    if (!parsed.success || found.media) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      let file = media;
      // a copy is a new schedule: it carries its own copy of the original's file
      if (isMedia && !file && editor.copy && sourceMedia) file = await fetchMediaFile(sourceMedia);
      const saved = editing
        ? await updateSchedule(editing.id, me.companyId, parsed.data, file)
        : await createSchedule(me.companyId, parsed.data, file);
      toast.success(t`Agendamento salvo com sucesso`);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors(
          Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translateValidation(v) ?? v])) as Partial<
            Record<Field, string>
          >,
        );
      }
      toastError(err);
    }
  };

  const preview = schedulePreview({ body, typeMessage, mediaName });
  const minInput = toZonedInput(new Date(openedAt - 60_000), zone);
  const maxInput = toZonedInput(new Date(latestSendAt(openedAt)), zone);

  return (
    <FormDialog
      title={
        editing ? (
          <Trans>Editar agendamento</Trans>
        ) : editor.copy ? (
          <Trans>Copiar agendamento</Trans>
        ) : (
          <Trans>Novo agendamento</Trans>
        )
      }
      size="lg"
      testId="schedule-dialog"
      saveTestId="schedule-save"
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <FormField label={<Trans>Contato</Trans>} error={errors.contactId} className="sm:col-span-2">
          <Autocomplete<ContactRef>
            minChars={2}
            search={searchContacts}
            getKey={(c) => c.id}
            getLabel={(c) => (c.number ? `${c.name} · ${c.number}` : c.name)}
            value={contact}
            onChange={(c) => {
              setContact(c);
              clear('contactId');
            }}
            placeholder={t`Buscar contato por nome ou número`}
            onError={() => toast.warning(t`Falha na busca de contatos`)}
            testId="schedule-contact"
          />
        </FormField>
        <FormField label={<Trans>Tipo de mensagem</Trans>}>
          <div className="join w-full" role="radiogroup" aria-label={t`Tipo de mensagem`}>
            {(['Texto', 'Mídia'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={typeMessage === k}
                className={`btn join-item flex-1 ${typeMessage === k ? 'btn-primary' : 'btn-ghost border-base-300'}`}
                onClick={() => {
                  setTypeMessage(k);
                  setErrors({});
                }}
                data-testid={`schedule-type-message-${k === 'Texto' ? 'text' : 'media'}`}
              >
                {i18n._(MESSAGE_TYPE_LABELS[k])}
              </button>
            ))}
          </div>
        </FormField>
        <FormField label={<Trans>Tipo de agendamento</Trans>} error={errors.typeSchedule}>
          <select
            className="select w-full"
            value={typeSchedule}
            onChange={(e) => setTypeSchedule(e.target.value as TypeSchedule)}
            data-testid="schedule-type"
          >
            {TYPE_SCHEDULES.map((k) => (
              <option key={k} value={k}>
                {i18n._(SCHEDULE_TYPE_LABELS[k])}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label={<Trans>Data de envio</Trans>}
          error={errors.sendAt}
          hint={<Trans>Horário de {zone}</Trans>}
          errorTestId="schedule-send-at-error"
        >
          <input
            type="datetime-local"
            className={`input w-full ${errors.sendAt ? 'input-error' : ''}`}
            value={sendAt}
            min={editing ? undefined : minInput}
            max={maxInput}
            onChange={(e) => {
              setSendAt(e.target.value);
              clear('sendAt');
            }}
            data-testid="schedule-send-at"
          />
        </FormField>
        {recurring ? (
          <FormField
            label={<Trans>Repetições</Trans>}
            error={errors.repeatCount}
            hint={<Trans>Quantos envios ao todo. Vazio: repete para sempre.</Trans>}
          >
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className={`input w-full ${errors.repeatCount ? 'input-error' : ''}`}
              value={repeat}
              placeholder={t`Para sempre`}
              onChange={(e) => {
                setRepeat(e.target.value);
                clear('repeatCount');
              }}
              data-testid="schedule-repeat"
            />
          </FormField>
        ) : (
          <div className="hidden sm:block" />
        )}
        <FormField label={<Trans>Fila</Trans>}>
          <IdSelect
            value={queueId}
            onChange={setQueueId}
            options={queues}
            emptyLabel={t`Nenhuma`}
            testId="schedule-queue"
          />
        </FormField>
        <FormField label={<Trans>Conexão</Trans>} hint={<Trans>Vazio: a conexão padrão.</Trans>}>
          <IdSelect
            value={whatsappId}
            onChange={setWhatsappId}
            options={whatsapps}
            emptyLabel={t`Conexão padrão`}
            testId="schedule-whatsapp"
          />
        </FormField>
        {isMedia ? (
          <FormField
            label={<Trans>Arquivo</Trans>}
            error={errors.media}
            hint={<Trans>png, jpg, pdf, mp4, mp3 ou ogg</Trans>}
            className="sm:col-span-2"
            errorTestId="schedule-media-error"
          >
            <div className="flex items-center gap-2">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => fileInput.current?.click()}
                data-testid="schedule-media-pick"
              >
                <IconPaperclip size={16} />
                {mediaName ? <Trans>Trocar arquivo</Trans> : <Trans>Escolher arquivo</Trans>}
              </button>
              {mediaName ? (
                <span className="flex min-w-0 items-center gap-1 text-sm" data-testid="schedule-media-name">
                  <IconFile size={16} className="shrink-0 opacity-60" />
                  <span className="truncate">{mediaName}</span>
                  {media ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs btn-circle"
                      onClick={() => setMedia(null)}
                      aria-label={t`Remover arquivo`}
                    >
                      <IconX size={12} />
                    </button>
                  ) : null}
                </span>
              ) : null}
              <input
                ref={fileInput}
                type="file"
                accept={SCHEDULE_MEDIA_ACCEPT}
                className="hidden"
                onChange={(e) => pickFile(e.target.files)}
                data-testid="schedule-media-input"
              />
            </div>
          </FormField>
        ) : null}
        <FormField
          label={isMedia ? <Trans>Legenda</Trans> : <Trans>Mensagem</Trans>}
          error={errors.body}
          className="sm:col-span-2"
          errorTestId="schedule-body-error"
        >
          <div className="relative">
            <QuickAnswerMenu
              quick={quick}
              onPick={(a) => {
                setBody(a.message);
                quick.clear();
                clear('body');
                area.current?.focus();
              }}
              className="bottom-full left-0 right-0 mb-1"
            />
            <textarea
              ref={area}
              className={`textarea w-full pr-10 ${errors.body ? 'textarea-error' : ''}`}
              rows={4}
              value={body}
              placeholder={t`Digite a mensagem ou / para respostas rápidas`}
              onChange={(e) => {
                setBody(e.target.value);
                clear('body');
              }}
              onKeyDown={(e) =>
                quick.onKeyDown(e, (a) => {
                  setBody(a.message);
                  quick.clear();
                })
              }
              data-testid="schedule-body"
            />
            <button
              type="button"
              className={`btn btn-ghost btn-sm btn-circle absolute right-1 top-1 ${emojiOpen ? 'text-primary' : ''}`}
              onClick={() => setEmojiOpen((o) => !o)}
              aria-label={t`Emojis`}
              data-testid="schedule-emoji-toggle"
            >
              <IconSmile size={18} />
            </button>
          </div>
          {emojiOpen ? (
            <Suspense fallback={<span className="loading loading-spinner loading-sm" />}>
              <EmojiPicker onPick={insertEmoji} />
            </Suspense>
          ) : null}
        </FormField>
        <div className="sm:col-span-2" data-testid="schedule-preview">
          <p className="mb-1 text-xs font-semibold text-base-content/60">
            <Trans>Prévia</Trans>
          </p>
          <div className="rounded-box border border-base-300 bg-base-200/50 px-3 py-2 text-sm">
            {preview ? (
              <span data-testid="schedule-preview-text">{preview}</span>
            ) : (
              <span className="text-base-content/50">
                <Trans>A mensagem aparece aqui.</Trans>
              </span>
            )}
          </div>
        </div>
      </div>
    </FormDialog>
  );
}
