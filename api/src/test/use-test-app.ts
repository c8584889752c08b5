import { afterAll, beforeAll } from 'bun:test';
import type { AppEvent } from '../platform/events/types';
import { makeTenant } from './factories';
import { setupTestApp, type TestApp } from './harness';

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

/**
 * The preamble of an API test file: a test app on a cloned database, set up before the file's tests (then `start`,
 * e.g. startChannels) and closed after them; every published event is recorded in `events` (empty it with
 * `events.length = 0`). The returned `t` is filled in by beforeAll: use it inside tests and hooks only.
 */
export function useTestApp(start?: (t: TestApp) => Promise<void>): { t: TestApp; events: AppEvent[] } {
  const t = {} as TestApp;
  const events: AppEvent[] = [];
  beforeAll(async () => {
    Object.assign(t, await setupTestApp());
    if (start) await start(t);
    t.platform.events.subscribe((e) => events.push(e));
    // generous: the first file of a process also builds the migrated template database (slow on a busy CI machine)
  }, 120_000);
  afterAll(() => t.close());
  return { t, events };
}

/**
 * Two companies with an admin and an attendant each, made before the file's tests (register after useTestApp): A
 * acts, B is the other company of the cross-tenant checks. Filled in by beforeAll, like useTestApp's `t`.
 */
export function useTenantPair(): { A: Tenant; B: Tenant } {
  const A = {} as Tenant;
  const B = {} as Tenant;
  beforeAll(async () => {
    Object.assign(A, await makeTenant());
    Object.assign(B, await makeTenant());
  }, 60_000);
  return { A, B };
}
