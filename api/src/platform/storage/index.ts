import { join } from 'node:path';
import { platform } from '../index';
import { LocalDiskStorage } from './local-disk';
import type { Storage } from './types';

export type { Storage } from './types';

/**
 * The process's storage adapter: local disk under `{DATA_DIR}/media` (default `./data/media`).
 * Bound to the current platform's data dir, so each test app gets its own folder.
 */
let cached: { dataDir: string; storage: Storage } | undefined;
let override: Storage | undefined;

export function storage(): Storage {
  if (override) return override;
  const dataDir = platform().env.dataDir;
  if (!cached || cached.dataDir !== dataDir)
    cached = { dataDir, storage: new LocalDiskStorage(join(dataDir, 'media')) };
  return cached.storage;
}

/** Tests (and a future object-storage adapter) replace the adapter; pass undefined to restore the default. */
export function setStorage(s: Storage | undefined): void {
  override = s;
}
