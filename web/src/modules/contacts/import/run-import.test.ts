import { describe, expect, test } from 'bun:test';
import type { ValidImportRow } from '@zapdesk/core/contacts/import-sheet';
import { endsImport, type ImportOutcome, runPacedImport } from './run-import';

const rows: ValidImportRow[] = [2, 3, 4, 5].map((row) => ({
  row,
  name: `Contato ${row}`,
  number: `55119000000${row}`,
  email: '',
}));

/** A fake clock: sleeping advances time; each send takes `sendMs`. */
function fakeClock(sendMs: number) {
  let t = 0;
  const starts: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
    starts,
    send: async (r: ValidImportRow) => {
      starts.push(t);
      t += sendMs;
      if (r.row === 3) throw new Error('boom');
      return { created: r.row !== 4 };
    },
  };
}

describe('runPacedImport', () => {
  test('sends every row one at a time, 150 ms apart start to start, and reports each outcome', async () => {
    const clock = fakeClock(20);
    const outcomes: ImportOutcome[] = [];
    const totals = await runPacedImport({
      rows,
      send: clock.send,
      onOutcome: (o) => outcomes.push(o),
      now: clock.now,
      sleep: clock.sleep,
    });
    expect(clock.starts).toEqual([0, 150, 300, 450]);
    expect(outcomes.map((o) => [o.row.row, o.status])).toEqual([
      [2, 'created'],
      [3, 'failed'],
      [4, 'updated'],
      [5, 'created'],
    ]);
    expect(totals).toEqual({ created: 2, updated: 1, failed: 1, sent: 4, stopped: false });
  });

  test('a slow answer is not followed by a further wait', async () => {
    const clock = fakeClock(400);
    await runPacedImport({ rows, send: clock.send, onOutcome: () => {}, now: clock.now, sleep: clock.sleep });
    expect(clock.starts).toEqual([0, 400, 800, 1200]);
  });

  test('stops before the next contact when aborted', async () => {
    const clock = fakeClock(10);
    const ctl = new AbortController();
    const outcomes: ImportOutcome[] = [];
    const totals = await runPacedImport({
      rows,
      send: clock.send,
      onOutcome: (o) => {
        outcomes.push(o);
        if (outcomes.length === 2) ctl.abort();
      },
      signal: ctl.signal,
      now: clock.now,
      sleep: clock.sleep,
    });
    expect(outcomes).toHaveLength(2);
    expect(totals.stopped).toBe(true);
    expect(totals.sent).toBe(2);
  });

  test('a fatal failure (session over) ends the import', async () => {
    const clock = fakeClock(10);
    const totals = await runPacedImport({
      rows,
      send: clock.send,
      onOutcome: () => {},
      isFatal: () => true,
      now: clock.now,
      sleep: clock.sleep,
    });
    expect(totals).toEqual({ created: 1, updated: 0, failed: 1, sent: 2, stopped: true });
  });
});

describe('endsImport', () => {
  test('a 401 or a connection unable to check WhatsApp ends the import; a refused row does not', () => {
    expect(endsImport({ status: 401, code: 'ERR_SESSION_EXPIRED' })).toBe(true);
    expect(endsImport({ status: 404, code: 'ERR_NO_DEF_WAPP_FOUND' })).toBe(true);
    expect(endsImport({ status: 400, code: 'ERR_WAPP_CHECK_CONTACT' })).toBe(true);
    expect(endsImport({ status: 400, code: 'ERR_WAPP_INVALID_CONTACT' })).toBe(false);
    expect(endsImport({ status: 400, code: 'ERR_VALIDATION' })).toBe(false);
    expect(endsImport(new Error('offline'))).toBe(false);
    expect(endsImport(undefined)).toBe(false);
  });
});
