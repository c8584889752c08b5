import { describe, expect, test } from 'bun:test';
import { throttle } from './throttle';

describe('throttle (the dashboard live refresh)', () => {
  test('first call at once; a burst collapses into one trailing run after the window', async () => {
    let clock = 0;
    let runs = 0;
    const call = throttle(
      () => runs++,
      50,
      () => clock,
    );
    call();
    expect(runs).toBe(1);
    clock = 10;
    call();
    call();
    call();
    expect(runs).toBe(1);
    await Bun.sleep(80);
    expect(runs).toBe(2);
    clock = 1000;
    call();
    expect(runs).toBe(3);
    call.cancel();
  });
  test('cancel drops the pending run', async () => {
    let runs = 0;
    const call = throttle(() => runs++, 30);
    call();
    call();
    call.cancel();
    await Bun.sleep(60);
    expect(runs).toBe(1);
  });
});
