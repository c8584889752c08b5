import { useEffect, useState } from 'react';
import { toastError } from './errors';

/**
 * A dialog's select options, loaded once on open: null while loading; on failure a toast and `fallback` (empty lists),
 * so the dialog still opens. A result arriving after the dialog closed is dropped.
 */
export function useOptionsOnce<T>(load: () => Promise<T>, fallback: T): T | null {
  const [opts, setOpts] = useState<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the dialog opens
  useEffect(() => {
    let alive = true;
    load()
      .then((v) => alive && setOpts(v))
      .catch((err) => {
        toastError(err);
        if (alive) setOpts(fallback);
      });
    return () => {
      alive = false;
    };
  }, []);
  return opts;
}
