import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { z } from 'zod';
import { isBadInputDbError, onError } from './errors';
import { findNul, NUL_TEXT, validate } from './validate';

/** The shared nets of the HTTP layer found by the route sweep (route-sweep.test.ts). */
describe('validate(): NUL characters', () => {
  test('findNul names the first field holding U+0000, in nested objects and arrays', () => {
    expect(findNul({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(findNul('a\u0000')).toBe('_');
    expect(findNul({ a: 'ok', n: 1, d: new Date(), f: null })).toBeNull();
  });

  test('a validated body, query or param with a NUL → 400 ERR_VALIDATION with the field (no database 500)', async () => {
    const app = new Hono()
      .post('/x', validate('json', z.object({ name: z.string(), tags: z.array(z.string()).optional() })), (c) =>
        c.json(c.req.valid('json')),
      )
      .get('/q', validate('query', z.object({ s: z.string().optional() })), (c) => c.json(c.req.valid('query')));
    const post = (json: unknown) =>
      app.request('/x', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
    const bad = await post({ name: 'ok', tags: ['a', 'b\u0000c'] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'ERR_VALIDATION', message: NUL_TEXT, fields: { 'tags.1': NUL_TEXT } });
    expect((await post({ name: 'Ação 😀 <b>' })).status).toBe(200);
    const q = await app.request('/q?s=a%00b');
    expect(q.status).toBe(400);
    expect((await q.json()).fields).toEqual({ s: NUL_TEXT });
  });
});

describe('onError: database data exceptions are bad input', () => {
  const app = (err: unknown) =>
    new Hono()
      .get('/', () => {
        throw err;
      })
      .onError(onError);

  test('SQLSTATE 22xxx on the error or its cause → 400 ERR_VALIDATION', async () => {
    const outOfRange = Object.assign(new Error('value "2147483648" is out of range for type integer'), {
      code: '22003',
    });
    const wrapped = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('nul'), { code: '22021' }),
    });
    for (const err of [outOfRange, wrapped]) {
      expect(isBadInputDbError(err)).toBe(true);
      const res = await app(err).request('/');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'ERR_VALIDATION', message: 'Dados inválidos.' });
    }
  });

  test('other database errors and plain errors stay 500 (a bug, logged with a request id)', async () => {
    const deadlock = Object.assign(new Error('deadlock'), { code: '40P01' });
    for (const err of [deadlock, new Error('boom')]) {
      expect(isBadInputDbError(err)).toBe(false);
      const res = await app(err).request('/');
      expect(res.status).toBe(500);
      expect((await res.json()).error).toBe('ERR_INTERNAL');
    }
  });
});
