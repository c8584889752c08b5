import { events, type TicketListAction, type TicketListView } from '@zapdesk/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSseChannel } from '../../lib/use-sse';
import {
  actionsOfContactEvent,
  actionsOfMessageEvent,
  actionsOfTicketEvent,
  applyListAction,
  type CountedList,
  emptyCountedList,
} from './live-list';
import { fetchTickets, type TicketListParams } from './tickets-api';

export type TicketListHook = CountedList & {
  loading: boolean;
  initialLoading: boolean;
  loadMore: () => void;
  reload: () => void;
};

/**
 * One live ticket list (spec 1 §4 'Live ticket list'): pages from `GET /tickets`, kept current by the realtime
 * channels through core's reducer. Any change of `params` (tab, showAll, queues, search) starts again at page 1;
 * answers of older params are dropped. `resync` (missed events) reloads page 1.
 */
export function useTicketList(opts: {
  companyId: number | null;
  enabled: boolean;
  view: TicketListView;
  params: Omit<TicketListParams, 'pageNumber'>;
}): TicketListHook {
  const { companyId, enabled } = opts;
  const [state, setState] = useState<CountedList>(emptyCountedList);
  const [loading, setLoading] = useState(false);
  const [initialLoading, setInitialLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const viewRef = useRef(opts.view);
  viewRef.current = opts.view;
  const paramsRef = useRef(opts.params);
  paramsRef.current = opts.params;
  const request = useRef(0);
  const page = useRef(0);
  const key = JSON.stringify(opts.params);

  const dispatch = useCallback((actions: TicketListAction[], serverCount?: number) => {
    if (!actions.length) return;
    setState((s) => actions.reduce((acc, a) => applyListAction(acc, a, viewRef.current, serverCount), s));
  }, []);

  const load = useCallback(
    async (pageNumber: number) => {
      const id = ++request.current;
      setLoading(true);
      try {
        const res = await fetchTickets({ ...paramsRef.current, pageNumber });
        if (id !== request.current) return;
        page.current = pageNumber;
        dispatch([{ type: 'loaded', tickets: res.tickets, hasMore: res.hasMore, pageNumber }], res.count);
      } catch (err) {
        // spec 1 §8: a ticket-list load failure is only logged
        if (id === request.current) console.error('[tickets] list load failed', err);
      } finally {
        if (id === request.current) {
          setLoading(false);
          setInitialLoading(false);
        }
      }
    },
    [dispatch],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and generation are the explicit reload triggers
  useEffect(() => {
    if (!enabled) return;
    setState(emptyCountedList());
    setInitialLoading(true);
    page.current = 0;
    void load(1);
  }, [enabled, key, generation, load]);

  const live = enabled && companyId ? companyId : null;
  useSseChannel(live ? events.ticket.of(live) : null, (e) => dispatch(actionsOfTicketEvent(e)));
  useSseChannel(live ? events.appMessage.of(live) : null, (e) => dispatch(actionsOfMessageEvent(e)));
  useSseChannel(live ? events.contact.of(live) : null, (e) => {
    if (e.action === 'reload') return;
    dispatch(actionsOfContactEvent(e));
  });
  useSseChannel(live ? events.resync.of() : null, () => setGeneration((g) => g + 1));

  const loadMore = useCallback(() => {
    if (page.current > 0) void load(page.current + 1);
  }, [load]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return { ...state, loading, initialLoading, loadMore, reload };
}
