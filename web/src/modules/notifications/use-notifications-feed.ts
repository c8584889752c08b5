import { useLingui } from '@lingui/react/macro';
import {
  events,
  messageShouldNotify,
  type NotificationsAction,
  type NotificationViewer,
  notificationsReducer,
  type TicketDto,
  type TicketNotification,
  ticketViewerOf,
} from '@zapdesk/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSseChannel } from '../../lib/use-sse';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { notificationVolume } from '../preferences/volume';
import { cut } from '../tickets/format';
import { fetchTickets, type TicketListParams } from '../tickets/tickets-api';
import { allPages } from './all-pages';
import { showDesktopNotification } from './desktop-notifications';
import { playNotificationSound } from './notification-sound';

/** the ticket on screen, from the address (/tickets/{id}) */
function openTicketIdOf(path: string): number | null {
  const m = /^\/tickets\/(\d+)/.exec(path);
  return m ? Number(m[1]) : null;
}

/** every waiting ticket with unread messages of a tab, not just its first page (issue 12 §2) */
const unreadTickets = (tab: TicketListParams['tab']): Promise<TicketDto[]> =>
  allPages((pageNumber) => fetchTickets({ tab, pageNumber, withUnreadMessages: true }));

/**
 * The top bar's notification feed: the conversations waiting for the user with unread messages (first from
 * `GET /tickets?withUnreadMessages=true`, then live from the realtime channels), and the chime — plus a desktop
 * notification while the window is in the background — for each new message that concerns the user.
 */
export function useNotificationsFeed(): { items: TicketNotification[]; open: (ticketId: number) => void } {
  const { t } = useLingui();
  const me = useSessionUser();
  const caps = useCapabilities();
  const [location, navigate] = useLocation();
  const [items, setItems] = useState<TicketNotification[]>([]);
  const [generation, setGeneration] = useState(0);

  const viewer = useMemo<NotificationViewer | null>(
    () => (me && caps ? ticketViewerOf({ user: { id: me.id, queueIds: me.queues.map((q) => q.id) }, caps }) : null),
    [me, caps],
  );
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;
  const locationRef = useRef(location);
  locationRef.current = location;

  const dispatch = useCallback((action: NotificationsAction) => {
    const v = viewerRef.current;
    if (v) setItems((s) => notificationsReducer(s, action, v));
  }, []);

  const viewerKey = viewer ? JSON.stringify(viewer) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewerKey and generation are the reload triggers
  useEffect(() => {
    if (!viewerKey) return;
    let alive = true;
    setItems([]);
    const tabs: TicketListParams['tab'][] = viewerRef.current?.viewPendingTickets ? ['open', 'pending'] : ['open'];
    Promise.all(tabs.map(unreadTickets))
      .then((pages) => {
        if (alive) dispatch({ type: 'loaded', tickets: pages.flat() });
      })
      .catch((err) => console.error('[notifications] load failed', err));
    return () => {
      alive = false;
    };
  }, [viewerKey, generation, dispatch]);

  const open = useCallback(
    (ticketId: number) => {
      // the panel is a focus dropdown: leaving it closes it
      (document.activeElement as HTMLElement | null)?.blur();
      navigate(`/tickets/${ticketId}`);
    },
    [navigate],
  );

  const companyId = viewer ? me?.companyId : null;
  useSseChannel(companyId ? events.ticket.of(companyId) : null, (e) => {
    if (e.action === 'update') dispatch({ type: 'ticket', ticket: e.ticket });
    else if (e.action === 'updateUnread') dispatch({ type: 'read', ticketId: e.ticketId });
    else dispatch({ type: 'delete', ticketId: e.ticketId });
  });
  useSseChannel(companyId ? events.appMessage.of(companyId) : null, (e) => {
    if (!e.ticket) return;
    dispatch({ type: 'ticket', ticket: e.ticket, message: e.action === 'create' ? e.message : undefined });
    const v = viewerRef.current;
    if (!v || !e.message) return;
    const visible = document.visibilityState === 'visible';
    if (!messageShouldNotify(e, v, { openTicketId: openTicketIdOf(locationRef.current), visible })) return;
    playNotificationSound(notificationVolume(me?.volume));
    if (!visible) {
      const name = e.ticket.contact.name || e.ticket.contact.number;
      showDesktopNotification({
        ticketId: e.ticket.id,
        title: name,
        body: cut(e.message.body || t`Nova mensagem`, 120),
        onClick: () => open(e.ticket.id),
      });
    }
  });
  useSseChannel(companyId ? events.resync.of() : null, () => setGeneration((g) => g + 1));

  return { items, open };
}
