import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type CategoryContactRef, type ContactDto, type ContactEvent, events } from '@zapdesk/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { apiJson } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { useSseChannel } from '../../lib/use-sse';
import { ColorChip } from '../../ui/color-chip';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { IconContacts, IconDownload, IconFolder, IconMail, IconMessagePlus, IconUpload } from '../../ui/icons';
import { PagedListBody } from '../../ui/list-body';
import { AddButton, PageCard } from '../../ui/page-card';
import { RowActionButton, RowActions } from '../../ui/row-actions';
import { SearchInput } from '../../ui/search-input';
import { editorOf, useCrudState } from '../../ui/use-crud-list';
import { byName, textMatches, usePagedList } from '../../ui/use-paged-list';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { CategoryFilter } from './category-filter';
import { ContactModal } from './contact-modal';
import { deleteContact, downloadContactsExport, fetchCategoryOptions, fetchContactsPage } from './contacts-api';

// heavy or rarely used: loaded when opened
const ImportContactsDialog = lazy(() =>
  import('./import/import-contacts-dialog').then((m) => ({ default: m.ImportContactsDialog })),
);
const NewTicketModal = lazy(() => import('../tickets/new-ticket-modal').then((m) => ({ default: m.NewTicketModal })));

type Filters = { searchParam: string; categoryIds: number[] };
type QueueRef = { id: number; name: string; color: string };

function initials(name: string): string {
  // words that start with a letter (a name like "Ana 2" or "Loja 123" keeps letters only)
  const words = name.trim().split(/\s+/);
  const parts = words.filter((w) => /^\p{L}/u.test(w)).length ? words.filter((w) => /^\p{L}/u.test(w)) : words;
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Contacts (spec 1 §2): category filter, search (also from `?search=`), infinite scroll, and buttons for category
 * management, import, add, new ticket, edit and delete (delete: `contacts-page:deleteContact`). Live from
 * `contact-{companyId}`; the export (admins with the settings screen, like the API) downloads the filtered list.
 */
export function ContactsScreen() {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const initialSearch = new URLSearchParams(useSearch()).get('search') ?? '';
  const [filters, setFilters] = useState<Filters>({ searchParam: initialSearch.trim(), categoryIds: [] });
  const [categories, setCategories] = useState<CategoryContactRef[]>([]);
  const [count, setCount] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [ticketFor, setTicketFor] = useState<{ contact: ContactDto; queues: QueueRef[] } | null>(null);

  // usePagedList restarts on a change of its key: the search text and the category selection together
  const key = JSON.stringify(filters);
  const list = usePagedList<ContactDto>({
    fetchPage: async (k, page) => {
      const res = await fetchContactsPage(JSON.parse(k) as Filters, page);
      setCount(res.count);
      return res;
    },
    search: key,
    compare: byName,
    matches: (c, k) => {
      const f = JSON.parse(k) as Filters;
      const inCategory = !f.categoryIds.length || c.categoryContacts.some((x) => f.categoryIds.includes(x.id));
      return inCategory && textMatches([c.name, c.email, c.number], f.searchParam);
    },
    onError: toastError,
  });
  const { upsert, remove, reload } = list;

  const loadCategories = useCallback(() => {
    fetchCategoryOptions()
      .then(setCategories)
      .catch(() => setCategories([]));
  }, []);
  useEffect(loadCategories, [loadCategories]);

  // an import creates hundreds of contacts in a row: apply the events in batches (one render per 300 ms, not per row)
  const pending = useRef<ContactEvent[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // while the import dialog is open the list behind it is not redrawn per contact: it reloads when the dialog closes
  const importingRef = useRef(false);
  const staleAfterImport = useRef(false);
  const flush = useCallback(() => {
    flushTimer.current = null;
    const events = pending.current;
    pending.current = [];
    if (importingRef.current) {
      staleAfterImport.current ||= events.length > 0;
      return;
    }
    let delta = 0;
    for (const e of events) {
      if (e.action === 'delete') {
        remove(e.contactId);
        delta--;
      } else if (e.action === 'reload') reload();
      else {
        if (e.action === 'create') delta++;
        upsert(e.contact);
      }
    }
    if (delta) setCount((n) => (n === null ? n : Math.max(0, n + delta)));
  }, [upsert, remove, reload]);
  const onContact = useCallback(
    (e: ContactEvent) => {
      pending.current.push(e);
      flushTimer.current ??= setTimeout(flush, 300);
    },
    [flush],
  );
  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
    },
    [],
  );
  useSseChannel(me ? events.contact.of(me.companyId) : null, onContact);
  // categories renamed/created elsewhere: the filter and the chips follow
  useSseChannel(me ? events.categoryContact.of(me.companyId) : null, () => loadCategories());

  const crud = useCrudState<ContactDto>({
    deleteItem: deleteContact,
    deletedMessage: t`Contato excluído com sucesso`,
    onDeleted: remove,
  });
  const editor = editorOf(crud.editing);

  const openNewTicket = async (contact: ContactDto) => {
    let queues: QueueRef[] = [];
    try {
      queues = await apiJson<QueueRef[]>('GET', '/queue');
    } catch {
      // the modal still offers the user's own queues
    }
    setTicketFor({ contact, queues });
  };

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadContactsExport(filters);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const filtered = filters.searchParam !== '' || filters.categoryIds.length > 0;
  const canDelete = !!caps?.['contacts-page:deleteContact'];
  const subtitle = useMemo(
    () => (count === null ? null : <Plural value={count} _0="# contatos" one="# contato" other="# contatos" />),
    [count],
  );

  return (
    <PageCard
      title={<Trans>Contatos</Trans>}
      subtitle={subtitle}
      testId="contacts-page"
      actions={
        <>
          {caps?.createCategoryContacts ? (
            <Link href="/CategoryContact" className="btn btn-ghost btn-sm" data-testid="contacts-categories">
              <IconFolder size={16} />
              <Trans>Categorias</Trans>
            </Link>
          ) : null}
          {caps?.manageSettings ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={exportList}
              disabled={exporting}
              data-testid="contacts-export"
            >
              {exporting ? <span className="loading loading-spinner loading-xs" /> : <IconDownload size={16} />}
              <Trans>Exportar</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              importingRef.current = true;
              setImporting(true);
            }}
            data-testid="contacts-import"
          >
            <IconUpload size={16} />
            <Trans>Importar</Trans>
          </button>
          <AddButton onClick={() => crud.setEditing('new')} testId="contacts-add">
            <Trans>Adicionar contato</Trans>
          </AddButton>
        </>
      }
      toolbar={
        <>
          <SearchInput
            onSearch={(s) => setFilters((f) => ({ ...f, searchParam: s.toLowerCase() }))}
            initialValue={initialSearch}
            placeholder={t`Pesquisar por nome, número ou e-mail`}
            className="w-full sm:w-96"
            testId="contacts-search"
          />
          <CategoryFilter
            categories={categories}
            selected={filters.categoryIds}
            onChange={(categoryIds) => setFilters((f) => ({ ...f, categoryIds }))}
          />
        </>
      }
    >
      <PagedListBody
        list={list}
        testId="contacts-scroll"
        empty={
          <EmptyState
            icon={<IconContacts size={28} />}
            title={filtered ? <Trans>Nenhum resultado</Trans> : <Trans>Nenhum contato cadastrado</Trans>}
            description={
              filtered ? (
                <Trans>Nenhum contato corresponde aos filtros.</Trans>
              ) : (
                <Trans>Adicione contatos um a um ou importe uma planilha.</Trans>
              )
            }
          />
        }
      >
        <DataTable
          items={list.items}
          testId="contacts-table"
          rowKey={(c) => c.id}
          rowTestId="contact-row"
          rowData={(c) => ({ 'data-name': c.name })}
          actionsClassName="w-36"
          columns={[
            {
              key: 'name',
              header: <Trans>Nome</Trans>,
              cell: (c) => (
                <div className="flex min-w-[11rem] max-w-[26rem] items-center gap-3">
                  <div className="avatar avatar-placeholder shrink-0">
                    <div className="size-9 rounded-full bg-primary/10 text-primary">
                      {c.profilePicUrl ? (
                        <img src={c.profilePicUrl} alt="" loading="lazy" />
                      ) : (
                        <span className="text-xs font-semibold">{initials(c.name)}</span>
                      )}
                    </div>
                  </div>
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="truncate font-medium">{c.name}</span>
                    <span className="truncate text-xs text-base-content/60 md:hidden">{c.number}</span>
                    {c.categoryContacts.length ? (
                      <div className="flex flex-wrap gap-1">
                        {c.categoryContacts.map((cat) => (
                          <ColorChip key={cat.id} color={cat.color ?? '#9CA3AF'} size="sm">
                            {cat.name}
                          </ColorChip>
                        ))}
                      </div>
                    ) : null}
                  </div>
                </div>
              ),
            },
            {
              key: 'number',
              header: <Trans>Número</Trans>,
              headerClassName: 'hidden md:table-cell',
              className: 'hidden tabular-nums md:table-cell',
              cell: (c) => c.number,
            },
            {
              key: 'email',
              header: <Trans>E-mail</Trans>,
              headerClassName: 'hidden lg:table-cell',
              className: 'hidden max-w-[16rem] lg:table-cell',
              cell: (c) =>
                c.email ? (
                  <a className="link link-hover inline-flex items-center gap-1 truncate" href={`mailto:${c.email}`}>
                    <IconMail size={14} className="shrink-0 opacity-60" />
                    <span className="truncate">{c.email}</span>
                  </a>
                ) : (
                  <span className="text-base-content/40">—</span>
                ),
            },
          ]}
          actions={(c) => (
            <RowActions
              testIdPrefix="contact"
              onEdit={() => crud.setEditing(c)}
              onDelete={canDelete ? () => crud.setDeleting(c) : undefined}
            >
              <RowActionButton
                label={t`Novo ticket`}
                icon={<IconMessagePlus size={16} />}
                onClick={() => openNewTicket(c)}
                tone="primary"
                testId="contact-new-ticket"
              />
            </RowActions>
          )}
        />
      </PagedListBody>
      {editor ? (
        <ContactModal
          key={editor.key}
          contact={editor.item}
          onClose={() => crud.setEditing(null)}
          onSaved={(c) => {
            upsert(c);
            crud.setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={crud.deleting}
        title={<Trans>Excluir contato</Trans>}
        onClose={() => crud.setDeleting(null)}
        onConfirm={crud.confirmDelete}
      >
        {(c) => <DeleteText name={c.name} />}
      </ConfirmDeleteDialog>
      <Suspense fallback={null}>
        {importing ? (
          <ImportContactsDialog
            onClose={() => {
              setImporting(false);
              importingRef.current = false;
              if (staleAfterImport.current) {
                staleAfterImport.current = false;
                reload();
              }
            }}
          />
        ) : null}
        {ticketFor ? (
          <NewTicketModal
            queues={ticketFor.queues}
            initialContact={{ id: ticketFor.contact.id, name: ticketFor.contact.name }}
            onClose={() => setTicketFor(null)}
          />
        ) : null}
      </Suspense>
    </PageCard>
  );
}

function DeleteText({ name }: { name: string }) {
  return (
    <Trans>
      Excluir o contato "{name}"? Todos os tickets e mensagens dele serão perdidos. Esta ação não pode ser desfeita.
    </Trans>
  );
}
