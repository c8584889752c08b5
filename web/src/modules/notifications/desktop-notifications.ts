/**
 * The browser's own notifications (the operating system's pop-ups), used only while the app's window is in the
 * background: in front, the top bar's bell and the chime are enough.
 */
export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Asks the browser (must run in a click handler); answers the new state. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (desktopPermission() === 'unsupported') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return desktopPermission();
  }
}

/** Shows one notification per conversation (a newer message replaces the older one: same tag). */
export function showDesktopNotification(opts: {
  ticketId: number;
  title: string;
  body: string;
  onClick: () => void;
}): void {
  if (desktopPermission() !== 'granted') return;
  try {
    const n = new Notification(opts.title, {
      body: opts.body,
      tag: `ticket-${opts.ticketId}`,
      icon: '/favicon.svg',
    });
    n.onclick = () => {
      window.focus();
      opts.onClick();
      n.close();
    };
  } catch {
    // some browsers only allow notifications from a service worker: the bell still shows it
  }
}
