import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  FLOW_ACTION_TYPES,
  FLOW_MEDIA_ACCEPT,
  FLOW_SECONDS,
  FLOW_TEXTS,
  FLOW_TYPES,
  type FlowActionDto,
  FlowActionInput,
  type FlowActionType,
  type FlowDto,
  FlowInput,
  type FlowType,
  flowMediaAllowed,
  TIMED_ACTIONS,
} from '@zapdesk/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toastError, translateValidation } from '../../lib/errors';
import { FormField } from '../../ui/form-field';
import { IconArrowLeft, IconCheck, IconGrip, IconPencil, IconPlus, IconTrash, IconZap } from '../../ui/icons';
import { NoPermission } from '../../ui/no-permission';
import { toast } from '../../ui/toasts/toast';
import { useCapabilities } from '../auth/use-capabilities';
import { ACTION_LABELS } from './flow-labels';
import { FlowSimulator } from './flow-simulator';
import { fetchFlow, saveFlow } from './flows-api';

/** An action of the editor: a saved one (`media` = its stored file) or a new one (`file` to upload). */
type Draft = Omit<FlowActionDto, 'order'> & { key: string; file: File | null };

let keySeq = 0;
const newKey = () => `a${++keySeq}`;

const draftOf = (a: FlowActionDto): Draft => ({ ...a, key: newKey(), file: null });

/** The action as the schemas read it (a new file is named by its file name). */
function inputOf(a: Draft): Record<string, unknown> {
  if (a.actionType === 'SendText') return { actionType: a.actionType, body: a.body };
  if (a.actionType === 'SendMedia') {
    return {
      actionType: a.actionType,
      body: a.body,
      media: a.file ? null : a.media,
      mediaFileName: a.file?.name ?? a.mediaFileName,
    };
  }
  return { actionType: a.actionType, param: a.param };
}

/** Flow manager (spec 2 §2, §5): name, type, the action editor, the ordered action table, simulate, save. */
export function FlowManagerScreen({ flowId }: { flowId: number | null }) {
  const caps = useCapabilities();
  if (!caps?.manageFlows) return <NoPermission />;
  return <FlowManager key={flowId ?? 'new'} flowId={flowId} />;
}

function FlowManager({ flowId }: { flowId: number | null }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [loading, setLoading] = useState(!!flowId);
  const [name, setName] = useState('');
  const [type, setType] = useState<FlowType | ''>('');
  const [actions, setActions] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<{ name?: string; type?: string; actions?: string }>({});
  const [busy, setBusy] = useState(false);
  const [simulating, setSimulating] = useState(false);
  /** the action loaded in the editor to be changed (null: the editor adds a new one) */
  const [editing, setEditing] = useState<Draft | null>(null);

  const load = useCallback((f: FlowDto) => {
    setName(f.name);
    setType(f.type);
    setActions(f.flowActions.map(draftOf));
  }, []);

  useEffect(() => {
    if (!flowId) return;
    let alive = true;
    fetchFlow(flowId).then(
      (f) => {
        if (!alive) return;
        load(f);
        setLoading(false);
      },
      (err) => {
        toastError(err);
        navigate('/flowList');
      },
    );
    return () => {
      alive = false;
    };
  }, [flowId, navigate, load]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setActions((list) => {
      const from = list.findIndex((a) => a.key === active.id);
      const to = list.findIndex((a) => a.key === over.id);
      return arrayMove(list, from, to);
    });
  };

  const save = async () => {
    const parsed = FlowInput.safeParse({ name, type: type || undefined, flowActions: actions.map(inputOf) });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'flowActions' ? 'actions' : (issue.path[0] as 'name' | 'type');
        next[key] ??= translateValidation(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveFlow(flowId, { name, type, actions });
      toast.success(flowId ? t`Fluxo salvo com sucesso` : t`Fluxo criado com sucesso`);
      load(saved);
      if (!flowId) navigate(`/flowmanager/${saved.id}`, { replace: true });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  if (loading) {
    return (
      <div className="flex h-full items-center justify-center">
        <span className="loading loading-spinner loading-md" />
      </div>
    );
  }

  return (
    <div className="card h-full min-h-0 overflow-auto bg-base-100 shadow-sm" data-testid="flow-manager">
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-circle"
          onClick={() => navigate('/flowList')}
          aria-label={t`Voltar`}
          data-testid="flow-back"
        >
          <IconArrowLeft size={18} />
        </button>
        <h1 className="min-w-0 flex-1 truncate text-xl font-semibold">
          {flowId ? <Trans>Editar fluxo</Trans> : <Trans>Novo fluxo</Trans>}
        </h1>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setSimulating(true)}
          disabled={!actions.length}
          data-testid="flow-simulate"
        >
          <IconZap size={16} />
          <Trans>Simular Fluxo</Trans>
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void save()}
          disabled={busy}
          data-testid="flow-save"
        >
          {busy ? <span className="loading loading-spinner loading-xs" /> : null}
          {flowId ? <Trans>Salvar</Trans> : <Trans>Criar</Trans>}
        </button>
      </div>

      <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-2">
          <FormField label={<Trans>Nome do fluxo</Trans>} error={errors.name} errorTestId="flow-name-error">
            <input
              className={`input w-full ${errors.name ? 'input-error' : ''}`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              data-testid="flow-name"
            />
          </FormField>
          <FormField label={<Trans>Tipo</Trans>} error={errors.type} errorTestId="flow-type-error">
            <select
              className={`select w-full ${errors.type ? 'select-error' : ''}`}
              value={type}
              onChange={(e) => setType(e.target.value as FlowType | '')}
              data-testid="flow-type"
            >
              <option value="">{t`Selecione`}</option>
              {FLOW_TYPES.map((ft) => (
                <option key={ft} value={ft}>
                  {ft}
                </option>
              ))}
            </select>
          </FormField>
          <ActionEditor
            key={editing?.key ?? 'new'}
            editing={editing}
            onDone={(a) => {
              setActions((list) => (editing ? list.map((x) => (x.key === a.key ? a : x)) : [...list, a]));
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        </div>

        <div className="min-w-0">
          <h2 className="mb-2 font-semibold">
            <Trans>Ações do fluxo</Trans>
          </h2>
          {errors.actions ? (
            <p className="mb-2 text-sm text-error" role="alert" data-testid="flow-actions-error">
              {errors.actions}
            </p>
          ) : null}
          {actions.length ? (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={actions.map((a) => a.key)} strategy={verticalListSortingStrategy}>
                <div className="overflow-x-auto">
                  <table className="table table-sm" data-testid="flow-actions">
                    <thead>
                      <tr>
                        <th className="w-8" />
                        <th className="w-10">#</th>
                        <th className="w-40">
                          <Trans>Ação</Trans>
                        </th>
                        <th>
                          <Trans>Conteúdo</Trans>
                        </th>
                        <th className="w-20" />
                      </tr>
                    </thead>
                    <tbody>
                      {actions.map((a, i) => (
                        <ActionRow
                          key={a.key}
                          action={a}
                          index={i}
                          label={i18n._(ACTION_LABELS[a.actionType])}
                          editing={editing?.key === a.key}
                          onEdit={() => setEditing(a)}
                          onRemove={() => {
                            if (editing?.key === a.key) setEditing(null);
                            setActions((list) => list.filter((x) => x.key !== a.key));
                          }}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
              </SortableContext>
            </DndContext>
          ) : (
            <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/60">
              <Trans>Nenhuma ação ainda. Adicione a primeira ao lado.</Trans>
            </p>
          )}
        </div>
      </div>
      {simulating ? (
        <FlowSimulator
          name={name}
          actions={actions.map((a) => ({ ...a, mediaFileName: a.file?.name ?? a.mediaFileName }))}
          onClose={() => setSimulating(false)}
        />
      ) : null}
    </div>
  );
}

function ActionRow({
  action,
  index,
  label,
  editing,
  onEdit,
  onRemove,
}: {
  action: Draft;
  index: number;
  label: string;
  editing: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: action.key,
  });
  const content =
    action.actionType === 'SendText'
      ? action.body
      : action.actionType === 'SendMedia'
        ? [action.file?.name ?? action.mediaFileName, action.body].filter(Boolean).join(' — ')
        : t`${action.param ?? 0} segundo(s)`;
  return (
    <tr
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 bg-base-200 shadow' : editing ? 'bg-primary/10' : ''}
      data-testid="flow-action-row"
      data-type={action.actionType}
    >
      <td>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="btn btn-ghost btn-xs cursor-grab touch-none"
          aria-label={t`Arrastar para reordenar`}
          data-testid="flow-action-handle"
          {...attributes}
          {...listeners}
        >
          <IconGrip size={16} />
        </button>
      </td>
      <td className="tabular-nums">{index + 1}</td>
      <td>{label}</td>
      <td className="max-w-xs truncate" data-testid="flow-action-content">
        {content}
      </td>
      <td className="whitespace-nowrap">
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-circle"
          onClick={onEdit}
          aria-label={t`Editar ação`}
          data-testid="flow-action-edit"
        >
          <IconPencil size={14} />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-circle text-error"
          onClick={onRemove}
          aria-label={t`Remover ação`}
          data-testid="flow-action-remove"
        >
          <IconTrash size={14} />
        </button>
      </td>
    </tr>
  );
}

/**
 * The action editor: a type, then its text, file or seconds (0 to 240, step 1: spec 2 §5/§9); Add (or Update, for
 * an action of the table loaded here) checks it with core's schema.
 */
function ActionEditor({
  editing,
  onDone,
  onCancel,
}: {
  editing: Draft | null;
  onDone: (a: Draft) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const [actionType, setActionType] = useState<FlowActionType>(editing?.actionType ?? 'SendText');
  const [body, setBody] = useState(editing?.body ?? '');
  const [seconds, setSeconds] = useState(String(editing?.param ?? 1));
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const timed = TIMED_ACTIONS.includes(actionType);

  const add = () => {
    // an action being changed keeps its file unless another is chosen
    const kept = editing?.actionType === 'SendMedia' && (editing.file || editing.media) ? editing : null;
    if (actionType === 'SendMedia') {
      if (!file && !kept) return setError(translateValidation(FLOW_TEXTS.mediaRequired));
      if (file && !flowMediaAllowed(file.name)) return setError(translateValidation(FLOW_TEXTS.fileType));
    }
    const candidate =
      actionType === 'SendText'
        ? { actionType, body }
        : actionType === 'SendMedia'
          ? { actionType, body, mediaFileName: file?.name ?? kept?.mediaFileName }
          : { actionType, param: seconds };
    const parsed = FlowActionInput.safeParse(candidate);
    if (!parsed.success) return setError(translateValidation(parsed.error.issues[0]?.message));
    const a = parsed.data;
    setError(undefined);
    onDone({
      key: editing?.key ?? newKey(),
      actionType,
      body: 'body' in a ? a.body : '',
      param: 'param' in a ? a.param : null,
      media: actionType === 'SendMedia' && !file ? (kept?.media ?? null) : null,
      mediaFileName: actionType === 'SendMedia' ? (file?.name ?? kept?.mediaFileName ?? null) : null,
      file: actionType === 'SendMedia' ? (file ?? kept?.file ?? null) : null,
    });
    setBody('');
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <div className="mt-2 rounded-box border border-base-300 p-3" data-testid="flow-action-editor">
      <h2 className="mb-1 font-semibold">{editing ? <Trans>Editar ação</Trans> : <Trans>Nova ação</Trans>}</h2>
      <FormField label={<Trans>Tipo de ação</Trans>}>
        <select
          className="select select-sm w-full"
          value={actionType}
          onChange={(e) => {
            setActionType(e.target.value as FlowActionType);
            setError(undefined);
          }}
          data-testid="flow-action-type"
        >
          {FLOW_ACTION_TYPES.map((at) => (
            <option key={at} value={at}>
              {i18n._(ACTION_LABELS[at])}
            </option>
          ))}
        </select>
      </FormField>
      {actionType === 'SendText' || actionType === 'SendMedia' ? (
        <FormField label={actionType === 'SendText' ? <Trans>Texto</Trans> : <Trans>Legenda (opcional)</Trans>}>
          <textarea
            className="textarea textarea-sm w-full"
            rows={3}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            data-testid="flow-action-body"
          />
        </FormField>
      ) : null}
      {actionType === 'SendMedia' ? (
        <FormField
          label={<Trans>Arquivo</Trans>}
          hint={
            editing?.actionType === 'SendMedia' && (editing.file || editing.media)
              ? t`Atual: ${editing.file?.name ?? editing.mediaFileName ?? ''} (escolha outro para trocar)`
              : t`png, jpg, jpeg, pdf, mp4, mp3, ogg ou docx`
          }
        >
          <input
            ref={fileInput}
            type="file"
            accept={FLOW_MEDIA_ACCEPT}
            className="file-input file-input-sm w-full"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="flow-action-file"
          />
        </FormField>
      ) : null}
      {timed ? (
        <FormField label={<Trans>Segundos</Trans>}>
          <input
            type="number"
            className="input input-sm w-full"
            min={FLOW_SECONDS.inputMin}
            max={FLOW_SECONDS.max}
            step={1}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
            data-testid="flow-action-seconds"
          />
        </FormField>
      ) : null}
      {error ? (
        <p className="mt-1 text-sm text-error" role="alert" data-testid="flow-action-error">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex gap-2">
        {editing ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} data-testid="flow-action-cancel">
            <Trans>Cancelar</Trans>
          </button>
        ) : null}
        <button type="button" className="btn btn-sm flex-1" onClick={add} data-testid="flow-action-add">
          {editing ? <IconCheck size={14} /> : <IconPlus size={14} />}
          {editing ? <Trans>Atualizar ação</Trans> : <Trans>Adicionar ação</Trans>}
        </button>
      </div>
    </div>
  );
}
