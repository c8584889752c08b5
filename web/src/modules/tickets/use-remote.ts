import { useEffect, useState } from 'react';

/** Loads reference data once per mount (queues, users, connections…); failures leave it empty (pickers still work). */
export function useRemote<T>(load: () => Promise<T>, fallback: T, enabled = true): T {
  const [value, setValue] = useState<T>(fallback);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per enable
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    load().then(
      (v) => alive && setValue(v),
      (err) => console.warn('[tickets] reference data failed to load', err),
    );
    return () => {
      alive = false;
    };
  }, [enabled]);
  return value;
}
