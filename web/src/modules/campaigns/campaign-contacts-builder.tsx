import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { mergeSendList, parseTypedNumbers, type SendListBuild, type SendListEntry } from '@zapdesk/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { parseApiError, toastError, translateValidation } from '../../lib/errors';
import { IconDownload, IconSheet, IconTag, IconTrash, IconUpload, IconUsers } from '../../ui/icons';
import { toast } from '../../ui/toasts/toast';
import { type CategoryRef, fetchCategories, fetchTags, type TagRef } from '../tickets/tickets-api';
import { dayInput, sendListOf, withoutNumber } from './campaign-rules';
import { downloadCampaignModel, readCampaignSheet } from './campaign-sheet';
import { contactsOfCategories, contactsOfTags } from './campaigns-api';

type SendListIncoming = { number: string; name?: string | null; email?: string | null };

type Source = 'numbers' | 'categories' | 'tags' | 'excel';

/** How many rows of the list the builder shows (the count says how many there are). */
const SHOWN = 200;

/**
 * The creator's contact list builder (spec 2 §2/§5): typed numbers one per line (10+ digits kept, repeats dropped),
 * contact categories (`GET /contactsall`), tags with a date range (`GET /tagcontacts`) and an Excel sheet (number,
 * name_opcional, email_opcional; a model to download). Every source adds to the one list.
 */
export function CampaignContactsBuilder({
  list,
  onChange,
}: {
  list: SendListEntry[];
  onChange: (list: SendListEntry[]) => void;
}) {
  const { t } = useLingui();
  const [source, setSource] = useState<Source>('numbers');

  /** Reports a merge: 'Contatos adicionados', and what was left out. */
  const report = (built: SendListBuild, before: number) => {
    const added = built.entries.length - before;
    const { short, duplicates } = built;
    if (added > 0) toast.success(t`Contatos adicionados`);
    else toast.warning(t`Nenhum contato novo foi adicionado`);
    if (short > 0) toast.info(t`${short} número(s) ignorado(s): menos de 10 dígitos`);
    if (duplicates > 0) toast.info(t`${duplicates} número(s) repetido(s) ignorado(s)`);
    onChange(built.entries);
    return added > 0;
  };

  const addEntries = (incoming: SendListIncoming[]) => report(mergeSendList(list, incoming), list.length);

  const tabs: { key: Source; label: ReactNode; icon: ReactNode }[] = [
    { key: 'numbers', label: <Trans>Números</Trans>, icon: null },
    { key: 'categories', label: <Trans>Categorias</Trans>, icon: <IconUsers size={14} /> },
    { key: 'tags', label: <Trans>Tags</Trans>, icon: <IconTag size={14} /> },
    { key: 'excel', label: <Trans>Excel</Trans>, icon: <IconSheet size={14} /> },
  ];

  return (
    <div className="flex flex-col gap-3" data-testid="creator-contacts">
      <div role="tablist" className="tabs tabs-box tabs-sm w-fit">
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={source === x.key}
            className={`tab gap-1 ${source === x.key ? 'tab-active' : ''}`}
            onClick={() => setSource(x.key)}
            data-testid={`creator-source-${x.key}`}
          >
            {x.icon}
            {x.label}
          </button>
        ))}
      </div>
      {source === 'numbers' ? (
        <TypedNumbers onAdd={(text) => report(parseTypedNumbers(text, list), list.length)} />
      ) : source === 'categories' ? (
        <ByCategories onAdd={addEntries} />
      ) : source === 'tags' ? (
        <ByTags onAdd={addEntries} />
      ) : (
        <ByExcel onAdd={addEntries} />
      )}
      <SendListView list={list} onChange={onChange} />
    </div>
  );
}

function TypedNumbers({ onAdd }: { onAdd: (text: string) => boolean }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <textarea
        className="textarea w-full font-mono text-sm"
        rows={4}
        value={text}
        placeholder={t`Um número por linha, com DDI e DDD (ex.: 5511987654321)`}
        onChange={(e) => setText(e.target.value)}
        data-testid="creator-numbers"
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-base-content/60">
          <Trans>Só entram números com 10 dígitos ou mais; repetidos são removidos.</Trans>
        </span>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!text.trim()}
          onClick={() => {
            if (onAdd(text)) setText('');
          }}
          data-testid="creator-numbers-add"
        >
          <Trans>Adicionar números</Trans>
        </button>
      </div>
    </div>
  );
}

/** A multi-pick of named, coloured records as toggle chips. */
function ChipPicker<T extends { id: number; name: string; color: string | null }>({
  options,
  selected,
  onToggle,
  testId,
  empty,
}: {
  options: T[] | null;
  selected: number[];
  onToggle: (id: number) => void;
  testId: string;
  empty: ReactNode;
}) {
  if (options === null) return <span className="loading loading-dots loading-sm" />;
  if (options.length === 0) return <p className="text-sm text-base-content/60">{empty}</p>;
  return (
    <div className="flex max-h-28 flex-wrap gap-1.5 overflow-y-auto" data-testid={testId}>
      {options.map((o) => {
        const on = selected.includes(o.id);
        return (
          <button
            key={o.id}
            type="button"
            aria-pressed={on}
            className={`badge gap-1.5 py-3 ${on ? 'badge-primary' : 'badge-outline'}`}
            onClick={() => onToggle(o.id)}
            data-testid={`${testId}-option`}
            data-name={o.name}
          >
            <span className="size-2 rounded-full" style={{ background: o.color ?? 'currentColor' }} />
            {o.name}
          </button>
        );
      })}
    </div>
  );
}

function useOptions<T>(load: () => Promise<T[]>): T[] | null {
  const [options, setOptions] = useState<T[] | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    let alive = true;
    loadRef.current().then(
      (o) => alive && setOptions(o),
      (err) => {
        if (!alive) return;
        setOptions([]);
        toastError(err);
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return options;
}

const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

function ByCategories({ onAdd }: { onAdd: (c: SendListIncoming[]) => boolean }) {
  const options = useOptions<CategoryRef>(fetchCategories);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      if (onAdd(sendListOf(await contactsOfCategories(selected)))) setSelected([]);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <ChipPicker
        options={options}
        selected={selected}
        onToggle={(id) => setSelected((s) => toggle(s, id))}
        testId="creator-categories"
        empty={<Trans>Nenhuma categoria de contato cadastrada.</Trans>}
      />
      <div className="flex justify-end">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={selected.length === 0 || busy}
          onClick={() => void add()}
          data-testid="creator-categories-add"
        >
          {busy ? <span className="loading loading-spinner loading-xs" /> : null}
          <Trans>Adicionar contatos das categorias</Trans>
        </button>
      </div>
    </div>
  );
}

function ByTags({ onAdd }: { onAdd: (c: SendListIncoming[]) => boolean }) {
  const { t } = useLingui();
  const options = useOptions<TagRef>(fetchTags);
  const [selected, setSelected] = useState<number[]>([]);
  const [from, setFrom] = useState(() => dayInput(Date.now(), -30));
  const [to, setTo] = useState(() => dayInput(Date.now()));
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (from && to && from > to) {
      toast.warning(t`A data final não pode ser anterior à inicial`);
      return;
    }
    setBusy(true);
    try {
      if (onAdd(sendListOf(await contactsOfTags(selected, from, to)))) setSelected([]);
    } catch (err) {
      toast.error(translateValidation(parseApiError(err)) ?? parseApiError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <ChipPicker
        options={options}
        selected={selected}
        onToggle={(id) => setSelected((s) => toggle(s, id))}
        testId="creator-tags"
        empty={<Trans>Nenhuma tag cadastrada.</Trans>}
      />
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs text-base-content/70">
          <Trans>Tickets de</Trans>
          <input
            type="date"
            className="input input-sm"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="creator-tags-from"
          />
        </label>
        <label className="flex flex-col text-xs text-base-content/70">
          <Trans>até</Trans>
          <input
            type="date"
            className="input input-sm"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            data-testid="creator-tags-to"
          />
        </label>
        <button
          type="button"
          className="btn btn-outline btn-sm ml-auto"
          disabled={selected.length === 0 || busy}
          onClick={() => void add()}
          data-testid="creator-tags-add"
        >
          {busy ? <span className="loading loading-spinner loading-xs" /> : null}
          <Trans>Adicionar contatos das tags</Trans>
        </button>
      </div>
    </div>
  );
}

function ByExcel({ onAdd }: { onAdd: (c: SendListIncoming[]) => boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setBusy(true);
    try {
      onAdd(await readCampaignSheet(file));
    } catch (err) {
      const text = err instanceof Error ? err.message : '';
      toast.error(translateValidation(text) ?? parseApiError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="creator-excel-pick"
      >
        {busy ? <span className="loading loading-spinner loading-xs" /> : <IconUpload size={16} />}
        <Trans>Importar planilha</Trans>
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => void downloadCampaignModel().catch(toastError)}
        data-testid="creator-excel-model"
      >
        <IconDownload size={16} />
        <Trans>Baixar modelo</Trans>
      </button>
      <span className="text-xs text-base-content/60">
        <Trans>Colunas: number, name_opcional, email_opcional</Trans>
      </span>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="hidden"
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid="creator-excel-input"
      />
    </div>
  );
}

function SendListView({ list, onChange }: { list: SendListEntry[]; onChange: (list: SendListEntry[]) => void }) {
  const { t } = useLingui();
  const count = list.length;
  const more = count - SHOWN;
  return (
    <div className="rounded-box border border-base-300" data-testid="creator-send-list">
      <div className="flex items-center justify-between border-b border-base-300 px-3 py-2">
        <span className="text-sm font-medium" data-testid="creator-contact-count" data-count={count}>
          <Plural value={count} _0="Nenhum contato na lista" one="# contato na lista" other="# contatos na lista" />
        </span>
        {count > 0 ? (
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            onClick={() => onChange([])}
            data-testid="creator-contacts-clear"
          >
            <IconTrash size={14} />
            <Trans>Limpar lista</Trans>
          </button>
        ) : null}
      </div>
      {count > 0 ? (
        <div className="max-h-56 overflow-y-auto">
          <table className="table table-xs">
            <tbody>
              {list.slice(0, SHOWN).map((e) => (
                <tr key={e.number} data-testid="creator-contact">
                  <td className="font-mono">{e.number}</td>
                  <td className="max-w-[10rem] truncate">{e.name ?? ''}</td>
                  <td className="max-w-[12rem] truncate text-base-content/60">{e.email ?? ''}</td>
                  <td className="w-8 text-right">
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs btn-square"
                      aria-label={t`Remover`}
                      title={t`Remover`}
                      onClick={() => onChange(withoutNumber(list, e.number))}
                    >
                      <IconTrash size={12} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {more > 0 ? (
            <p className="px-3 py-2 text-xs text-base-content/60">
              <Plural value={more} _0="e mais # contatos" one="e mais # contato" other="e mais # contatos" />
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
