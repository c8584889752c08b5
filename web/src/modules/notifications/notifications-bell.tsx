import { Trans, useLingui } from '@lingui/react/macro';
import { NOTIFICATIONS_MAX } from '@zapdesk/core';
import { useState } from 'react';
import { IconBell } from '../../ui/icons';
import { cut, listTime } from '../tickets/format';
import { TicketAvatar } from '../tickets/ticket-avatar';
import { type DesktopPermission, desktopPermission, requestDesktopPermission } from './desktop-notifications';
import { useNotificationsFeed } from './use-notifications-feed';

const blur = () => (document.activeElement as HTMLElement | null)?.blur();

/**
 * The top bar's notification widget (spec 1 §2): a bell with the number of conversations waiting for the user with
 * unread messages, and a list of them (newest first) that opens the conversation. New messages chime at the user's
 * notification volume; with the browser's permission (asked from here) they also pop up while the window is in the
 * background.
 */
export function NotificationsBell() {
  const { t, i18n } = useLingui();
  const { items, open } = useNotificationsFeed();
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const [shown, setShown] = useState(false);
  const count = items.length;
  const now = new Date();

  return (
    <div
      className="dropdown dropdown-end"
      data-testid="notifications"
      onKeyDown={(e) => e.key === 'Escape' && blur()}
      onFocus={() => setShown(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setShown(false);
      }}
    >
      <button
        type="button"
        tabIndex={0}
        className="btn btn-ghost btn-square btn-sm indicator text-inherit"
        aria-label={count ? t`Notificações: ${count} conversas com mensagens novas` : t`Notificações`}
        title={t`Notificações`}
        data-testid="notifications-button"
      >
        <IconBell size={18} />
        {count ? (
          <span
            className="badge indicator-item badge-xs border-0 bg-error px-1 font-bold text-error-content"
            data-testid="notifications-count"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {/* mounted only while open: a closed panel can never sit over the page (whatever the CSS does) */}
      {shown ? (
        <div
          tabIndex={-1}
          className="dropdown-content z-50 mt-2 w-80 overflow-hidden rounded-box border border-base-300 bg-base-100 text-base-content shadow-lg max-desk:fixed max-desk:inset-x-2 max-desk:top-16 max-desk:w-auto"
          data-testid="notifications-panel"
        >
          {/* not on dropdown-content itself: a display utility there would beat daisyUI's display:none when closed */}
          <div className="flex max-h-[70vh] flex-col">
            <div className="flex items-center justify-between border-b border-base-300 px-4 py-2">
              <span className="font-semibold">
                <Trans>Notificações</Trans>
              </span>
              {count ? <span className="badge badge-sm badge-ghost">{count}</span> : null}
            </div>
            {count === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-base-content/60" data-testid="notifications-empty">
                <Trans>Nenhuma mensagem nova.</Trans>
              </p>
            ) : (
              <ul className="menu w-full flex-nowrap overflow-y-auto p-1" data-testid="notifications-list">
                {items.slice(0, NOTIFICATIONS_MAX).map((n) => (
                  <li key={n.ticketId}>
                    {/* w-full: a menu item takes its text's one-line width, which pushed the previews past the
                        panel's edge instead of ending them with an ellipsis (issue 12 §2) */}
                    <button
                      type="button"
                      className="flex w-full min-w-0 items-start gap-3 px-3 py-2"
                      onClick={() => open(n.ticketId)}
                      data-testid="notification-item"
                      data-ticket-id={n.ticketId}
                    >
                      <TicketAvatar
                        name={n.contactName || n.contactNumber}
                        url={n.profilePicUrl}
                        id={n.ticketId}
                        size={36}
                      />
                      <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-left">
                        <span className="flex min-w-0 items-center gap-2">
                          <span className="truncate font-medium" data-testid="notification-contact">
                            {n.contactName || n.contactNumber}
                          </span>
                          <span className="ml-auto shrink-0 text-xs text-base-content/60">
                            {listTime(n.updatedAt, now, i18n.locale)}
                          </span>
                        </span>
                        <span className="flex min-w-0 items-center gap-2">
                          <span className="truncate text-sm text-base-content/70" data-testid="notification-preview">
                            {cut(n.lastMessage, 80)}
                          </span>
                          <span
                            className="badge badge-success badge-xs ml-auto shrink-0 px-1.5"
                            data-testid="notification-unread"
                          >
                            {n.unread}
                          </span>
                        </span>
                        {n.status === 'pending' ? (
                          <span className="text-xs text-warning">
                            <Trans>Aguardando atendimento</Trans>
                          </span>
                        ) : null}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {permission === 'default' ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm m-1 h-auto justify-start py-2 text-left font-normal"
                onClick={async () => setPermission(await requestDesktopPermission())}
                data-testid="notifications-enable-desktop"
              >
                <Trans>Avisar também com a janela em segundo plano</Trans>
              </button>
            ) : permission === 'denied' ? (
              <p className="border-t border-base-300 px-4 py-2 text-xs text-base-content/60">
                <Trans>Os avisos do navegador estão bloqueados para este site.</Trans>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
