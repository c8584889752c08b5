import { Trans, useLingui } from '@lingui/react/macro';
import { TEMPLATE_NOTICES, TEMPLATE_TYPES, TemplateCreateInput } from '@zapdesk/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toastError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { ListSpinner } from '../../ui/list-body';
import { NoPermission } from '../../ui/no-permission';
import { useCapabilities } from '../auth/use-capabilities';
import { CompanyPageShell } from '../companies/company-page-shell';
import {
  createTemplate,
  fetchPlaceholders,
  fetchTemplate,
  type Placeholder,
  type TemplateFields,
  updateTemplate,
} from './notices-api';
import { useNoticeKindLabel, usePlaceholderDescription, useTemplateTypeLabel } from './template-labels';
import { TemplatePreview } from './template-preview';
import { insertAt, markerOf, unknownNames } from './template-text';

/** spec 3 §2: the editor saves on blur, debounced by 1 s */
export const SAVE_DEBOUNCE_MS = 1000;

const LIST_PATH = '/notificationTemplatelist';
const EMPTY: TemplateFields = {
  name: '',
  type: 'payments',
  notice: 'all',
  thumbnailWpHtml: '',
  textWp: '',
  emailHtml: '',
  emailTitle: '',
};
type TextField = Exclude<keyof TemplateFields, 'type' | 'notice'>;
const PLACEHOLDER_FIELDS: readonly TextField[] = ['textWp', 'thumbnailWpHtml', 'emailTitle', 'emailHtml'];
type Status = 'idle' | 'dirty' | 'saving' | 'saved' | 'invalid' | 'failed';

/**
 * /notificationTemplateManager/{templatesNotificationId?} (spec 3 §2, master): the template editor. A new template
 * is created on its first save (its address then carries the id); every field saves itself on blur (1 s debounce).
 */
export function TemplateEditorScreen({ templateId }: { templateId: string | undefined }) {
  const caps = useCapabilities();
  // the template this editor created: its address changes to carry the id, the editor (and its typing) stays
  const created = useRef<string | null>(null);
  if (!caps) return null;
  if (!caps.manageNotificationTemplates) return <NoPermission />;
  const id = templateId ? Number(templateId) : null;
  if (id !== null && (!Number.isInteger(id) || id <= 0)) return <NoPermission backTo={LIST_PATH} />;
  const key = !templateId || templateId === created.current ? 'new' : templateId;
  return (
    <TemplateEditor
      key={key}
      initialId={id}
      onCreated={(newId) => {
        created.current = String(newId);
      }}
    />
  );
}

function TemplateEditor({ initialId, onCreated }: { initialId: number | null; onCreated: (id: number) => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const typeLabel = useTemplateTypeLabel();
  const noticeLabel = useNoticeKindLabel();
  const [values, setValues] = useState<TemplateFields | null>(initialId === null ? EMPTY : null);
  const [missing, setMissing] = useState(false);
  const [placeholders, setPlaceholders] = useState<Placeholder[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [nameError, setNameError] = useState<string | undefined>();

  const idRef = useRef<number | null>(initialId);
  const valuesRef = useRef<TemplateFields>(values ?? EMPTY);
  valuesRef.current = values ?? valuesRef.current;
  const savedRef = useRef<string>(JSON.stringify(EMPTY));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const placeholdersRef = useRef<Placeholder[]>([]);
  placeholdersRef.current = placeholders;
  /** the text field the user was last in, and its selection (where a clicked placeholder goes) */
  const lastField = useRef<{ field: TextField; start: number | null; end: number | null }>({
    field: 'textWp',
    start: null,
    end: null,
  });
  const fieldEls = useRef<Partial<Record<TextField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => {
    fetchPlaceholders().then(setPlaceholders, toastError);
    if (initialId === null) return;
    fetchTemplate(initialId)
      .then((tpl) => {
        const v: TemplateFields = {
          name: tpl.name ?? '',
          type: tpl.type ?? 'payments',
          notice: tpl.notice ?? 'all',
          thumbnailWpHtml: tpl.thumbnailWpHtml ?? '',
          textWp: tpl.textWp ?? '',
          emailHtml: tpl.emailHtml ?? '',
          emailTitle: tpl.emailTitle ?? '',
        };
        savedRef.current = JSON.stringify(v);
        setValues(v);
      })
      .catch((err) => {
        setMissing(true);
        toastError(err);
      });
  }, [initialId]);

  // the API's rule and texts (core's template input)
  const nameProblem = (name: string): string | undefined => {
    const r = TemplateCreateInput.shape.name.safeParse(name);
    return r.success ? undefined : translateValidation(r.error.issues[0]?.message);
  };
  const names = placeholders.map((p) => p.name);

  /** one save (the chain runs them one after another, so a new template is created once) */
  const saveNow = async () => {
    const v = valuesRef.current;
    const snapshot = JSON.stringify(v);
    if (snapshot === savedRef.current && idRef.current !== null) return;
    const nameErr = nameProblem(v.name);
    const known = placeholdersRef.current.map((p) => p.name);
    const unknown = known.length > 0 && PLACEHOLDER_FIELDS.some((f) => unknownNames(v[f], known).length > 0);
    setNameError(nameErr);
    if (nameErr || unknown) {
      setStatus('invalid');
      return;
    }
    setStatus('saving');
    try {
      const payload = { ...v, name: v.name.trim() };
      if (idRef.current === null) {
        const r = await createTemplate(payload);
        idRef.current = r.id;
        onCreated(r.id);
        navigate(`/notificationTemplateManager/${r.id}`, { replace: true });
      } else {
        await updateTemplate(idRef.current, payload);
      }
      savedRef.current = snapshot;
      setStatus(JSON.stringify(valuesRef.current) === snapshot ? 'saved' : 'dirty');
    } catch (err) {
      setStatus('failed');
      // spec 3 §8: a failed template save shows the generic error toast
      toastError(err);
    }
  };
  const queueSave = () => {
    chain.current = chain.current.then(saveNow);
    return chain.current;
  };
  /** spec 3 §2: a blur saves 1 s later; another blur within that second starts the wait again */
  const scheduleSave = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void queueSave();
    }, SAVE_DEBOUNCE_MS);
  };
  // leaving the editor with a save still waiting: it is sent at once
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only, with the refs' latest values
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void queueSave();
      }
    },
    [],
  );

  const change = <K extends keyof TemplateFields>(key: K, value: TemplateFields[K]) => {
    setValues((v) => ({ ...(v ?? EMPTY), [key]: value }));
    setStatus('dirty');
    if (key === 'name') setNameError(undefined);
  };
  const remember = (field: TextField) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    lastField.current = { field, start: e.currentTarget.selectionStart, end: e.currentTarget.selectionEnd };
  };
  const insertPlaceholder = (p: Placeholder) => {
    const { field, start, end } = lastField.current;
    const current = valuesRef.current[field];
    const r = insertAt(current, markerOf(p.name), start, end);
    change(field, r.value);
    lastField.current = { field, start: r.caret, end: r.caret };
    scheduleSave();
    requestAnimationFrame(() => {
      const el = fieldEls.current[field];
      el?.focus();
      el?.setSelectionRange(r.caret, r.caret);
    });
  };

  if (missing)
    return (
      <EditorFrame title={<Trans>Modelo de notificação</Trans>} status="idle">
        <p className="py-10 text-center text-base-content/60" data-testid="template-missing">
          <Trans>Modelo não encontrado.</Trans>
        </p>
      </EditorFrame>
    );
  if (!values)
    return (
      <EditorFrame title={<Trans>Modelo de notificação</Trans>} status="idle">
        <ListSpinner />
      </EditorFrame>
    );

  const unknownError = (field: TextField): string | undefined => {
    const bad = unknownNames(values[field], names);
    if (!names.length || !bad.length) return undefined;
    const list = bad.map(markerOf).join(', ');
    return t`Variável desconhecida: ${list}`;
  };
  const textArea = (
    field: TextField,
    label: ReactNode,
    rows: number,
    opts: { mono?: boolean; hint?: ReactNode } = {},
  ) => {
    const error = unknownError(field);
    return (
      <FormField label={label} error={error} hint={opts.hint} errorTestId={`template-${field}-error`}>
        <textarea
          ref={(el) => {
            fieldEls.current[field] = el;
          }}
          className={`textarea w-full ${opts.mono ? 'font-mono text-xs' : ''} ${error ? 'textarea-error' : ''}`}
          rows={rows}
          value={values[field]}
          onChange={(e) => change(field, e.target.value)}
          onSelect={remember(field)}
          onBlur={(e) => {
            remember(field)(e);
            scheduleSave();
          }}
          maxLength={field === 'textWp' ? 4096 : 100_000}
          spellCheck={!opts.mono}
          data-testid={`template-${field}`}
        />
      </FormField>
    );
  };

  return (
    <EditorFrame
      title={
        values.name.trim() ||
        (idRef.current === null ? <Trans>Novo modelo</Trans> : <Trans>Modelo de notificação</Trans>)
      }
      status={status}
      onRetry={() => void queueSave()}
    >
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="flex min-h-0 flex-col gap-1 overflow-y-auto pr-1" data-testid="template-form">
          <div className="grid gap-x-3 sm:grid-cols-[minmax(0,1fr)_9rem_14rem]">
            <FormField label={<Trans>Nome</Trans>} error={nameError} errorTestId="template-name-error">
              <input
                className={`input w-full ${nameError ? 'input-error' : ''}`}
                value={values.name}
                onChange={(e) => change('name', e.target.value)}
                onBlur={scheduleSave}
                maxLength={110}
                autoFocus={idRef.current === null}
                data-testid="template-name"
              />
            </FormField>
            <FormField label={<Trans>Tipo</Trans>}>
              <select
                className="select w-full"
                value={values.type}
                onChange={(e) => change('type', e.target.value as TemplateFields['type'])}
                onBlur={scheduleSave}
                data-testid="template-type"
              >
                {TEMPLATE_TYPES.map((ty) => (
                  <option key={ty} value={ty}>
                    {typeLabel(ty)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={<Trans>Usado no aviso</Trans>}>
              <select
                className="select w-full"
                value={values.notice}
                onChange={(e) => change('notice', e.target.value as TemplateFields['notice'])}
                onBlur={scheduleSave}
                title={t`Cada aviso usa o seu modelo; sem um, o modelo de todos os avisos.`}
                data-testid="template-notice"
              >
                {TEMPLATE_NOTICES.map((n) => (
                  <option key={n} value={n}>
                    {noticeLabel(n)}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <PlaceholderChips placeholders={placeholders} onPick={insertPlaceholder} />
          {textArea('textWp', <Trans>Texto do WhatsApp</Trans>, 5, {
            hint: <Trans>*negrito*, _itálico_ e ~riscado~ como no WhatsApp.</Trans>,
          })}
          {textArea('thumbnailWpHtml', <Trans>Miniatura do WhatsApp (HTML)</Trans>, 3, {
            mono: true,
            hint: <Trans>A prévia do link de pagamento exibida no WhatsApp.</Trans>,
          })}
          <FormField
            label={<Trans>Título do e-mail</Trans>}
            error={unknownError('emailTitle')}
            errorTestId="template-emailTitle-error"
          >
            <input
              ref={(el) => {
                fieldEls.current.emailTitle = el;
              }}
              className={`input w-full ${unknownError('emailTitle') ? 'input-error' : ''}`}
              value={values.emailTitle}
              onChange={(e) => change('emailTitle', e.target.value)}
              onSelect={remember('emailTitle')}
              onBlur={(e) => {
                remember('emailTitle')(e);
                scheduleSave();
              }}
              maxLength={200}
              data-testid="template-emailTitle"
            />
          </FormField>
          {textArea('emailHtml', <Trans>HTML do e-mail</Trans>, 10, { mono: true })}
        </div>
        <TemplatePreview values={values} blocked={PLACEHOLDER_FIELDS.some((f) => !!unknownError(f))} />
      </div>
    </EditorFrame>
  );
}

/** the placeholders, each a chip: a click inserts its marker where the cursor was */
function PlaceholderChips({ placeholders, onPick }: { placeholders: Placeholder[]; onPick: (p: Placeholder) => void }) {
  const describe = usePlaceholderDescription();
  if (!placeholders.length) return null;
  return (
    <div className="rounded-box border border-dashed border-base-300 px-3 py-2" data-testid="template-placeholders">
      <p className="mb-1.5 text-xs text-base-content/60">
        <Trans>Variáveis — clique para inserir no campo em edição:</Trans>
      </p>
      <div className="flex flex-wrap gap-1.5">
        {placeholders.map((p) => (
          <button
            key={p.name}
            type="button"
            className="badge badge-soft badge-primary cursor-pointer font-mono hover:badge-outline"
            title={describe(p)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(p)}
            data-testid="template-placeholder"
            data-name={p.name}
          >
            {markerOf(p.name)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** the editor's page: back to the list, the title, the save state (the company pages' frame) */
function EditorFrame({
  title,
  status,
  onRetry,
  children,
}: {
  title: ReactNode;
  status: Status;
  onRetry?: () => void;
  children: ReactNode;
}) {
  return (
    <CompanyPageShell
      title={title}
      subtitle={<Trans>Modelo de notificação · salvo automaticamente ao sair de cada campo</Trans>}
      backTo={LIST_PATH}
      backTestId="template-back"
      actions={<SaveState status={status} onRetry={onRetry} />}
      bodyClassName="flex flex-col py-3"
      testId="template-editor-page"
    >
      {children}
    </CompanyPageShell>
  );
}

function SaveState({ status, onRetry }: { status: Status; onRetry?: () => void }) {
  const body: Record<Status, ReactNode> = {
    idle: null,
    dirty: (
      <span className="text-base-content/60">
        <Trans>Alterações não salvas</Trans>
      </span>
    ),
    saving: (
      <span className="inline-flex items-center gap-1.5 text-base-content/60">
        <span className="loading loading-spinner loading-xs" />
        <Trans>Salvando…</Trans>
      </span>
    ),
    saved: (
      <span className="text-success">
        <Trans>Salvo</Trans>
      </span>
    ),
    invalid: (
      <span className="text-warning">
        <Trans>Corrija os campos para salvar</Trans>
      </span>
    ),
    failed: (
      <button type="button" className="btn btn-ghost btn-xs text-error" onClick={onRetry}>
        <Trans>Não salvo — tentar de novo</Trans>
      </button>
    ),
  };
  return (
    <div className="text-sm" data-testid="template-save-state" data-state={status} aria-live="polite">
      {body[status]}
    </div>
  );
}
