import { events, type MessageDto, type TicketDto } from '@zapdesk/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSseChannel } from '../../lib/use-sse';
import { messageBelongsToChat, prependPage, upsertMessage } from './message-scope';
import { fetchMessages } from './messages-api';

export type MessagesHook = {
  messages: MessageDto[];
  hasMore: boolean;
  loading: boolean;
  initialLoading: boolean;
  loadOlder: () => void;
  /** a message this tab just sent (the realtime echo is merged by id) */
  addLocal: (list: MessageDto[]) => void;
};

/** The open chat's messages: pages from `GET /messages/{ticketId}` (page 1 newest), live creates and updates. */
export function useMessages(opts: {
  ticket: TicketDto | null;
  companyId: number | null;
  mode: 0 | 1 | 2;
  currentUserId: number;
  /** chat search: only terms longer than 2 characters are searched (spec 1 §5) */
  searchTerm: string;
}): MessagesHook {
  const { ticket, companyId, mode, currentUserId } = opts;
  const term = opts.searchTerm.trim().length > 2 ? opts.searchTerm.trim() : '';
  const ticketId = ticket?.id ?? null;
  const [messages, setMessages] = useState<MessageDto[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [initialLoading, setInitialLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const page = useRef(0);
  const request = useRef(0);
  const ticketRef = useRef(ticket);
  ticketRef.current = ticket;

  const load = useCallback(
    async (pageNumber: number) => {
      if (!ticketId) return;
      const id = ++request.current;
      setLoading(true);
      try {
        const res = await fetchMessages(ticketId, pageNumber, term || undefined);
        if (id !== request.current) return;
        page.current = pageNumber;
        setMessages((prev) => (pageNumber === 1 ? res.messages : prependPage(prev, res.messages)));
        setHasMore(res.hasMore);
      } catch (err) {
        if (id === request.current) console.error('[chat] messages load failed', err);
      } finally {
        if (id === request.current) {
          setLoading(false);
          setInitialLoading(false);
        }
      }
    },
    [ticketId, term],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the explicit reload trigger
  useEffect(() => {
    setMessages([]);
    setHasMore(false);
    setInitialLoading(true);
    page.current = 0;
    void load(1);
  }, [load, generation]);

  useSseChannel(companyId && ticketId ? events.appMessage.of(companyId) : null, (e) => {
    const chat = ticketRef.current;
    if (!chat || !e.message || !messageBelongsToChat(e, chat, mode, currentUserId)) return;
    // a search shows what matched; live messages show again when the search is cleared
    if (term && e.action === 'create') return;
    setMessages((prev) =>
      e.action === 'update' && !prev.some((m) => m.id === e.message.id) ? prev : upsertMessage(prev, e.message),
    );
  });
  useSseChannel(companyId && ticketId ? events.resync.of() : null, () => setGeneration((g) => g + 1));

  const loadOlder = useCallback(() => {
    if (page.current > 0) void load(page.current + 1);
  }, [load]);

  const addLocal = useCallback((list: MessageDto[]) => {
    setMessages((prev) => list.reduce((acc, m) => upsertMessage(acc, m), prev));
  }, []);

  return { messages, hasMore, loading, initialLoading, loadOlder, addLocal };
}
