import { describe, expect, test } from 'bun:test';
import { backoffDelay, normalizeOpts } from './job-opts';

describe('backoffDelay', () => {
  test('no backoff retries at once', () => {
    expect(backoffDelay(undefined, 1)).toBe(0);
  });
  test('fixed waits the same delay after every failure', () => {
    expect([1, 2, 3].map((n) => backoffDelay({ type: 'fixed', delay: 500 }, n))).toEqual([500, 500, 500]);
  });
  test('exponential doubles after every failure (BullMQ formula)', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay({ type: 'exponential', delay: 100 }, n))).toEqual([100, 200, 400, 800]);
  });
  test('never negative', () => {
    expect(backoffDelay({ type: 'fixed', delay: -5 }, 1)).toBe(0);
    expect(backoffDelay({ type: 'exponential', delay: -5 }, 2)).toBe(0);
  });
});

describe('normalizeOpts', () => {
  test('defaults to one attempt, no delay, no backoff', () => {
    expect(normalizeOpts({})).toEqual({ attempts: 1, delay: 0 });
  });
  test('clamps nonsense to the nearest valid value', () => {
    expect(normalizeOpts({ attempts: 0, delay: -10 })).toEqual({ attempts: 1, delay: 0 });
    expect(normalizeOpts({ attempts: 2.7, delay: 12.9 })).toEqual({ attempts: 2, delay: 12 });
  });
  test('keeps the backoff', () => {
    expect(normalizeOpts({ attempts: 3, backoff: { type: 'exponential', delay: 50 } })).toEqual({
      attempts: 3,
      delay: 0,
      backoff: { type: 'exponential', delay: 50 },
    });
  });
  test('refuses integer-like and colon job ids (they would clash with generated ids / Redis keys)', () => {
    expect(() => normalizeOpts({ jobId: '42' })).toThrow('Custom Id cannot be integers');
    expect(() => normalizeOpts({ jobId: 'a:b' })).toThrow('Custom Id cannot contain :');
    expect(normalizeOpts({ jobId: 'campaign-42' })).toEqual({ attempts: 1, delay: 0 });
  });
});
