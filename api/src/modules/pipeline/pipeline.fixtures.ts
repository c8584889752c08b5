import { expect } from 'bun:test';
import type { AppEvent } from '../../platform/events/types';
import type { TestApp } from '../../test/harness';
import { installFarewell } from '../messages/messages.farewell';
import { startWhatsappArea } from '../whatsapp/whatsapp.startup';
import { startPipelineArea } from './pipeline.startup';

/** Registers the simulator, the pipeline jobs, the channel sink and the farewell, and starts the job workers. */
export async function startChannels(t: TestApp): Promise<void> {
  installFarewell();
  startPipelineArea({ role: 'worker' });
  await startWhatsappArea({ role: 'worker' });
  await t.platform.jobs.startWorkers();
}

/** A simulator connection created through the API and scanned (CONNECTED). */
export async function connectedSimulator(t: TestApp, adminToken: string, extra: Record<string, unknown> = {}) {
  const res = await t.req('POST', '/whatsapp', {
    token: adminToken,
    json: { name: `Sim ${Math.random().toString(36).slice(2, 8)}`, lib: 'simulator', ...extra },
  });
  expect(res.status).toBe(200);
  const w = (await res.json()) as { id: number; status: string; qrcode: string | null };
  expect(w.status).toBe('qrcode');
  expect(w.qrcode).toStartWith('SIMULATOR:');
  const scan = await t.req('POST', `/simulator/${w.id}/scan`, { token: adminToken });
  expect(scan.status).toBe(200);
  expect((await scan.json()).status).toBe('CONNECTED');
  return w.id;
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await Bun.sleep(20);
  }
}

/** every event published while the test runs */
export function recordEvents(t: TestApp) {
  const events: AppEvent[] = [];
  const off = t.platform.events.subscribe((e) => events.push(e));
  return {
    events,
    off,
    of: (channel: string, action?: string) =>
      events.filter((e) => e.channel === channel && (action === undefined || e.data.action === action)),
  };
}
