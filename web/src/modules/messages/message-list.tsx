import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDto } from '@zapdesk/core';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { MessageBubble } from './message-bubble';
import { quoteAuthor, quotedByLabel } from './quote-author';

/** Spec 1 §9: the older page loads when scrolled within 50 px of the top. */
export const OLDER_PAGE_THRESHOLD_PX = 50;

/** the first message whose bottom is below the list's top edge, with its offset from that edge */
function topMessage(list: HTMLElement): { id: string; offset: number } | null {
  const top = list.getBoundingClientRect().top;
  for (const node of list.querySelectorAll<HTMLElement>('[data-message-id]')) {
    const r = node.getBoundingClientRect();
    if (r.bottom > top) return { id: node.dataset.messageId ?? '', offset: r.top - top };
  }
  return null;
}

function dayLabel(iso: string, locale: string, today: string, yesterday: string): string {
  const d = new Date(iso);
  const now = new Date();
  const key = (x: Date) => `${x.getFullYear()}-${x.getMonth()}-${x.getDate()}`;
  const y = new Date(now);
  y.setDate(now.getDate() - 1);
  if (key(d) === key(now)) return today;
  if (key(d) === key(y)) return yesterday;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'long', year: 'numeric' }).format(d);
}

/**
 * The chat's message list: newest at the bottom; opening and own sends stick to the bottom; scrolling near the top
 * loads the older page and keeps the reading position.
 */
export function MessageList({
  messages,
  hasMore,
  loading,
  onLoadOlder,
  isGroup,
  contactName,
  canDelete,
  onReply,
  onDelete,
  empty,
}: {
  messages: MessageDto[];
  hasMore: boolean;
  loading: boolean;
  onLoadOlder: () => void;
  isGroup: boolean;
  /** the ticket's contact: who a one-to-one chat's quotes are from when not from us */
  contactName: string;
  canDelete: boolean;
  onReply: (m: MessageDto) => void;
  onDelete: (m: MessageDto) => void;
  empty?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const prev = useRef<{ last: number | null; count: number }>({ last: null, count: 0 });
  const stick = useRef(true);
  /** the message at the top of the view and its offset from the list's top edge: kept across renders above it */
  const anchor = useRef<{ id: string; offset: number } | null>(null);
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);

  // Every render: stick to the bottom (opening, own sends, a reader at the bottom), else keep the anchored message
  // where the reader saw it — an older page, the spinner or the "load older" button above it must not move it.
  // The browser's own scroll anchoring is off (overflow-anchor: none): both together would move it twice.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const last = messages[messages.length - 1] ?? null;
    const p = prev.current;
    const appended = !!last && last.id !== p.last;
    if (p.count === 0 || messages.length === 0 || stick.current || (appended && last.fromMe)) {
      el.scrollTop = el.scrollHeight;
    } else if (anchor.current) {
      const node = el.querySelector<HTMLElement>(`[data-message-id="${anchor.current.id}"]`);
      if (node) {
        const offset = node.getBoundingClientRect().top - el.getBoundingClientRect().top;
        el.scrollTop += offset - anchor.current.offset;
      }
    }
    prev.current = { last: last?.id ?? null, count: messages.length };
    anchor.current = topMessage(el);
  });

  // a first page too short to scroll could never reach the top by scrolling: load on until it scrolls
  useEffect(() => {
    const el = ref.current;
    if (el && hasMore && !loading && messages.length > 0 && el.scrollHeight <= el.clientHeight) onLoadOlder();
  }, [hasMore, loading, messages.length, onLoadOlder]);

  const rows: ReactNode[] = [];
  let lastDay = '';
  for (const m of messages) {
    const day = dayLabel(m.createdAt, i18n.locale, t`Hoje`, t`Ontem`);
    if (day !== lastDay) {
      lastDay = day;
      rows.push(
        <div key={`d-${m.id}`} className="sticky top-1 z-10 my-2 flex justify-center">
          <span className="rounded-full bg-base-100/90 px-3 py-0.5 text-[11px] font-medium text-base-content/70 shadow-sm">
            {day}
          </span>
        </div>,
      );
    }
    rows.push(
      <MessageBubble
        key={m.id}
        m={m}
        showSender={isGroup}
        quotedBy={
          m.quotedMsg
            ? quotedByLabel(quoteAuthor(m.quotedMsg, { isGroup, contactName, findMessage: (id) => byId.get(id) }))
            : undefined
        }
        canDelete={canDelete}
        onReply={onReply}
        onDelete={onDelete}
      />,
    );
  }

  return (
    <div
      ref={ref}
      className="bg-base-200/70 flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-3 py-2 [overflow-anchor:none] sm:px-6"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
        anchor.current = topMessage(el);
        if (el.scrollTop <= OLDER_PAGE_THRESHOLD_PX && hasMore && !loading) onLoadOlder();
      }}
      data-testid="message-list"
    >
      {loading && messages.length > 0 ? (
        <div className="flex justify-center py-2">
          <span className="loading loading-spinner loading-sm text-primary" />
        </div>
      ) : null}
      {hasMore && !loading ? (
        <button type="button" className="btn btn-ghost btn-xs mx-auto" onClick={onLoadOlder}>
          <Trans>Carregar mensagens anteriores</Trans>
        </button>
      ) : null}
      {messages.length === 0 && loading ? (
        <div className="flex flex-1 items-center justify-center" data-testid="messages-loading">
          <span className="loading loading-spinner text-primary" />
        </div>
      ) : null}
      {messages.length === 0 && !loading ? empty : null}
      {rows}
    </div>
  );
}
