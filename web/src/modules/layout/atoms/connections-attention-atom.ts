import { atom } from 'jotai';

/** Connection statuses that put the '!' badge on the connections drawer entry (spec 1 §2). */
export const CONNECTION_ATTENTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export function connectionsNeedAttention(list: readonly { status: string }[]): boolean {
  return list.some((c) => (CONNECTION_ATTENTION_STATUSES as readonly string[]).includes(c.status));
}

/**
 * True when any connection needs attention. The connections area sets it 2 s after its list changes
 * (`appStore.set(connectionsAttentionAtom, connectionsNeedAttention(list))`); the drawer reads it.
 */
export const connectionsAttentionAtom = atom(false);
