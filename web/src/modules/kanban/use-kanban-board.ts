import {
  emptyBoard,
  events,
  type KanbanAction,
  type KanbanBoard,
  type KanbanLaneKey,
  kanbanReducer,
  kanbanScope,
  type TagDto,
  type TicketDto,
  ticketViewerOf,
} from '@zapdesk/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSseChannel } from '../../lib/use-sse';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { addTicketTag, fetchKanban, fetchKanbanTags, removeKanbanTags } from './kanban-api';

const tagsKey = (t: Pick<TicketDto, 'tags'>) =>
  t.tags
    .map((x) => x.id)
    .sort((a, b) => a - b)
    .join(',');

/** How long the mover ignores the echoes of its own two calls when the final echo never comes. */
const ECHO_GUARD_MS = 5000;

type Reset = { type: 'reset'; board: KanbanBoard };

/**
 * The live board: first pages of every lane, next pages per lane, the user's moves (the spec's two calls, shown at
 * once) and `ticket-{companyId}` / `tag-{companyId}` events from other browsers. Errors are only logged (spec 2 §8):
 * a failed load leaves the lanes empty, a failed move reloads the board from the server.
 */
export function useKanbanBoard() {
  const user = useSessionUser();
  const caps = useCapabilities();
  const queueIds = useMemo(() => (user?.queues ?? []).map((q) => q.id), [user]);
  const scope = useMemo(
    () =>
      user && caps
        ? kanbanScope(ticketViewerOf({ user: { id: user.id, queueIds }, caps }), queueIds)
        : { statuses: [], queueIds: [], includeNoQueue: false },
    [user, caps, queueIds],
  );
  const [board, dispatch] = useReducer(
    (b: KanbanBoard, a: KanbanAction | Reset) => (a.type === 'reset' ? a.board : kanbanReducer(b, a)),
    scope,
    emptyBoard,
  );
  const [tags, setTags] = useState<TagDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingLanes, setLoadingLanes] = useState<Record<string, boolean>>({});
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  /** tickets being moved by this browser: their events are the echoes of our own calls */
  const moving = useRef(new Map<number, { final: string | null; timer?: ReturnType<typeof setTimeout> }>());
  const scopeKey = JSON.stringify(scope);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scopeKey stands for scope; generation forces a reload
  useEffect(() => {
    if (!user) return;
    let live = true;
    setLoading(true);
    Promise.all([fetchKanbanTags(), fetchKanban(queueIds)])
      .then(([lista, answer]) => {
        if (!live) return;
        setTags(lista);
        dispatch({ type: 'reset', board: emptyBoard(scope) });
        dispatch({ type: 'loaded', answer, tagIds: lista.map((t) => t.id) });
      })
      .catch((err) => {
        // spec 2 §8: only logged; the board falls back to empty
        console.error('kanban: loading failed', err);
        if (live) dispatch({ type: 'reset', board: emptyBoard(scope) });
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [user?.id, scopeKey, generation]);

  const boardRef = useRef(board);
  boardRef.current = board;

  const loadMore = useCallback(
    (lane: KanbanLaneKey) => {
      const key = String(lane);
      const state = boardRef.current.lanes[key];
      if (!state?.hasMore || !state.cursor || loadingLanes[key]) return;
      setLoadingLanes((l) => ({ ...l, [key]: true }));
      fetchKanban(queueIds, { lane, cursor: state.cursor })
        .then((answer) => dispatch({ type: 'laneLoaded', answer }))
        .catch((err) => console.error('kanban: loading a lane failed', err))
        .finally(() => setLoadingLanes((l) => ({ ...l, [key]: false })));
    },
    [queueIds, loadingLanes],
  );

  const settle = useCallback((ticketId: number, final: TicketDto | null) => {
    const prev = moving.current.get(ticketId);
    if (prev?.timer) clearTimeout(prev.timer);
    if (!final) {
      moving.current.delete(ticketId);
      return;
    }
    const timer = setTimeout(() => moving.current.delete(ticketId), ECHO_GUARD_MS);
    moving.current.set(ticketId, { final: tagsKey(final), timer });
  }, []);

  /** The user's drop: shown at once, then the spec's two calls (to 'Em aberto': the first only). */
  const move = useCallback(
    async (ticketId: number, to: KanbanLaneKey): Promise<boolean> => {
      const tag = to === 'open' ? 'open' : tags.find((t) => t.id === to);
      if (!tag) return false;
      moving.current.set(ticketId, { final: null });
      dispatch({ type: 'move', ticketId, to: tag === 'open' ? 'open' : tag });
      try {
        let ticket = await removeKanbanTags(ticketId);
        if (to !== 'open') ticket = await addTicketTag(ticketId, to);
        dispatch({ type: 'update', ticket });
        settle(ticketId, ticket);
        return true;
      } catch (err) {
        console.error('kanban: moving the ticket failed', err);
        settle(ticketId, null);
        reload();
        return false;
      }
    },
    [tags, settle, reload],
  );

  const companyId = user?.companyId;
  useSseChannel(companyId ? events.ticket.of(companyId) : null, (e) => {
    if (e.action === 'update') {
      const mine = moving.current.get(e.ticket.id);
      if (mine) {
        // our own calls' echoes: the intermediate one (no lane) would make the card jump back for a moment
        if (mine.final === null || mine.final !== tagsKey(e.ticket)) return;
        settle(e.ticket.id, null);
      }
      dispatch({ type: 'update', ticket: e.ticket });
    } else if (e.action === 'delete') {
      dispatch({ type: 'remove', ticketId: e.ticketId });
    }
  });
  // a lane added, renamed, recoloured or removed: reload the lanes
  useSseChannel(companyId ? events.tag.of(companyId) : null, reload);
  useSseChannel(companyId ? events.resync.of() : null, reload);

  return { board, tags, loading, loadingLanes, loadMore, move };
}
