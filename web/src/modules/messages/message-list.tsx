import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDto } from '@zapdesk/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { MessageBubble } from './message-bubble';

/** Spec 1 §9: the older page loads when scrolled within 50 px of the top. */
export const OLDER_PAGE_THRESHOLD_PX = 50;

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
  canDelete: boolean;
  onReply: (m: MessageDto) => void;
  onDelete: (m: MessageDto) => void;
  empty?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const prev = useRef<{ first: number | null; last: number | null; height: number; count: number }>({
    first: null,
    last: null,
    height: 0,
    count: 0,
  });
  const stick = useRef(true);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    const last = messages[messages.length - 1]?.id ?? null;
    const p = prev.current;
    if (p.count === 0 || messages.length === 0) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== p.first && last === p.last) {
      // an older page was prepended: keep the same message under the reader's eyes
      el.scrollTop += el.scrollHeight - p.height;
    } else if (last !== p.last) {
      const lastMsg = messages[messages.length - 1];
      if (stick.current || lastMsg?.fromMe) el.scrollTop = el.scrollHeight;
    }
    prev.current = { first, last, height: el.scrollHeight, count: messages.length };
  }, [messages]);

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
        canDelete={canDelete}
        onReply={onReply}
        onDelete={onDelete}
      />,
    );
  }

  return (
    <div
      ref={ref}
      className="bg-base-200/70 flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-3 py-2 sm:px-6"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
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
