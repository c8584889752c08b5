import type { Channel, EventPayload } from '@zapdesk/core';
import { useState } from 'react';
import { toastError } from '../lib/errors';
import { useSseChannel } from '../lib/use-sse';
import { toast } from './toasts/toast';
import { type PagedList, type PagedListOptions, usePagedList } from './use-paged-list';

/** The open editor of a list screen: a new item, an existing one, or none. */
export type Editing<T> = T | 'new' | null;

/** What an editor dialog needs: a React key (a fresh form per item) and the item (null = new). */
export function editorOf<T extends { id: number }>(
  editing: Editing<T>,
): { key: string | number; item: T | null } | null {
  if (editing === null) return null;
  return editing === 'new' ? { key: 'new', item: null } : { key: editing.id, item: editing };
}

export type CrudState<T extends { id: number }> = {
  editing: Editing<T>;
  setEditing: (editing: Editing<T>) => void;
  /** the item whose delete confirmation is open */
  deleting: T | null;
  setDeleting: (item: T | null) => void;
  /** for ConfirmDialog: deletes, toasts the success text; a failure is toasted and rethrown (the dialog stays) */
  confirmDelete: (item: T) => Promise<void>;
};

/** The edit/delete state of a list screen, with the house's delete flow (confirm → delete → toast). */
export function useCrudState<T extends { id: number }>({
  deleteItem,
  deletedMessage,
  onDeleted,
}: {
  deleteItem: (id: number) => Promise<unknown>;
  /** the success toast's text */
  deletedMessage: string;
  onDeleted?: (id: number) => void;
}): CrudState<T> {
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirmDelete = async (item: T) => {
    try {
      await deleteItem(item.id);
      onDeleted?.(item.id);
      toast.success(deletedMessage);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  return { editing, setEditing, deleting, setDeleting, confirmDelete };
}

/**
 * A paged list kept live by its SSE channel (`{entity}-{companyId}`): `eventItem` gives the created/updated item
 * of an event, the id of a deleted one, or 'reload' when the event says the whole list changed (a bulk delete).
 */
export function useLivePagedList<T extends { id: number }, E extends EventPayload>(
  opts: PagedListOptions<T> & { channel: Channel<E> | null | undefined; eventItem: (event: E) => LiveChange<T> },
): PagedList<T> {
  const list = usePagedList<T>(opts);
  const { upsert, remove, reload } = list;
  useSseChannel(opts.channel, (event) => {
    const change = opts.eventItem(event as E);
    if (change === 'reload') reload();
    else if (typeof change === 'number') remove(change);
    else upsert(change);
  });
  return list;
}

/** What a live event does to a list: an item to upsert, the id of one to remove, or a full reload. */
export type LiveChange<T> = T | number | 'reload';

/** A list screen's live list, editor and delete confirmation (`useCrudList`). */
export type CrudList<T extends { id: number }> = CrudState<T> & {
  list: PagedList<T>;
  /** an editor saved: the row shows at once, the editor closes */
  saved: (item: T) => void;
};

/**
 * A list screen's data and state together: the live paged list, its editor and its delete confirmation. A failed
 * page load is toasted unless `onError` says otherwise.
 */
export function useCrudList<T extends { id: number }, E extends EventPayload>(
  opts: PagedListOptions<T> & {
    channel: Channel<E> | null | undefined;
    eventItem: (event: E) => LiveChange<T>;
    deleteItem: (id: number) => Promise<unknown>;
    deletedMessage: string;
  },
): CrudList<T> {
  const list = useLivePagedList<T, E>({ onError: toastError, ...opts });
  const crud = useCrudState<T>({
    deleteItem: opts.deleteItem,
    deletedMessage: opts.deletedMessage,
    onDeleted: list.remove,
  });
  const saved = (item: T) => {
    list.upsert(item);
    crud.setEditing(null);
  };
  return { ...crud, list, saved };
}
