import {
  events,
  type ImportMessagesEvent,
  type WhatsappDeleteEvent,
  type WhatsappEvent,
  type WhatsappSessionEvent,
} from '@zapdesk/core';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useSseChannel } from '../../lib/use-sse';
import { useCapabilities, useSessionUser } from '../auth/use-capabilities';
import { connectionsAttentionAtom, connectionsNeedAttention } from '../layout/atoms/connections-attention-atom';
import { connectionsAtom } from './atoms/connections-atom';
import { importProgressAtom } from './atoms/import-progress-atom';
import { BADGE_DELAY_MS, loadedState, removeConnection, upsertConnection } from './connection-state';
import { fetchConnections } from './connections-api';

/** Loads the list again (after a reconnect that could not replay what was missed, or a change of profile). */
async function reload(set: (fn: (s: ReturnType<typeof loadedState>) => ReturnType<typeof loadedState>) => void) {
  try {
    const list = await fetchConnections();
    set(() => loadedState(list));
  } catch (err) {
    // the screen shows its own load state; the badge keeps its last value
    console.warn('[connections] load failed', err);
  }
}

/**
 * Headless: keeps the company's connections live for the whole session (spec 1 §7 channels `whatsapp-{companyId}`,
 * `whatsapp`, `whatsappSession`, `importMessages-{companyId}`) and sets the drawer's '!' badge 2 s after the list
 * changes (spec 1 §2). Mounted once by the main layout, so the badge is right on every screen.
 */
export function ConnectionsWatcher() {
  const user = useSessionUser();
  const caps = useCapabilities();
  const companyId = user?.companyId ?? null;
  const isAdmin = caps?.manageConnections ?? false;
  const [state, setState] = useAtom(connectionsAtom);
  const setProgress = useSetAtom(importProgressAtom);
  const setAttention = useSetAtom(connectionsAttentionAtom);

  // a change of profile changes the shape the API answers (session data for administrators): load again
  const shapeKey = companyId === null ? null : `${companyId}:${isAdmin ? 'admin' : 'user'}`;
  useEffect(() => {
    if (shapeKey === null) return;
    let alive = true;
    void reload((fn) => alive && setState(fn));
    return () => {
      alive = false;
    };
  }, [shapeKey, setState]);

  useEffect(() => {
    if (!state.loaded) return;
    const timer = setTimeout(() => setAttention(connectionsNeedAttention(state.list)), BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, setAttention]);

  const onPublic = useCallback(
    (e: WhatsappEvent) => {
      if (e.action === 'delete') setState((s) => removeConnection(s, e.whatsappId));
      else if (e.action === 'update' && e.whatsapp) setState((s) => upsertConnection(s, e.whatsapp, false, Date.now()));
    },
    [setState],
  );
  const onDelete = useCallback(
    (e: WhatsappDeleteEvent) => {
      if (e.action === 'delete' && typeof e.whatsappId === 'number') {
        const id = e.whatsappId;
        setState((s) => removeConnection(s, id));
      }
    },
    [setState],
  );
  const onSession = useCallback(
    (e: WhatsappSessionEvent) => {
      if (e.action === 'update' && 'session' in e && e.session) {
        const w = e.session;
        setState((s) => upsertConnection(s, w, true, Date.now()));
      }
    },
    [setState],
  );
  const onImport = useCallback(
    (e: ImportMessagesEvent) => {
      if (e.action !== 'update' || !e.status) return;
      const { whatsappId, ...progress } = e.status;
      setProgress((p) => ({ ...p, [whatsappId]: progress }));
    },
    [setProgress],
  );
  const onResync = useCallback(() => {
    void reload(setState);
  }, [setState]);

  useSseChannel(companyId !== null ? events.whatsapp.of(companyId) : null, onPublic);
  useSseChannel(companyId !== null ? events.whatsappDelete.of() : null, onDelete);
  useSseChannel(companyId !== null && isAdmin ? events.whatsappSession.of() : null, onSession);
  useSseChannel(companyId !== null && isAdmin ? events.importMessages.of(companyId) : null, onImport);
  useSseChannel(companyId !== null ? events.resync.of() : null, onResync);
  return null;
}
