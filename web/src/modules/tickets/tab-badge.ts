import { tabBadgeCount } from '@zapdesk/core';

/**
 * Spec 1 §2: the browser tab shows the pending count (or, with nothing pending, the open count), capped at 10 in
 * the icon, or a no-messages text. Pure: what to show for two counts.
 */
export type TabBadge = { kind: 'pending' | 'open'; count: number; icon: string } | { kind: 'none' };

export function tabBadge(pending: number, open: number): TabBadge {
  if (pending > 0) return { kind: 'pending', count: pending, icon: String(tabBadgeCount(pending)) };
  if (open > 0) return { kind: 'open', count: open, icon: String(tabBadgeCount(open)) };
  return { kind: 'none' };
}
