import { describe, expect, test } from 'bun:test';
import { DomainError } from '@zapdesk/core';
import { Hono } from 'hono';
import { onError } from './http/errors';
import { isUnavailableError, rootMessage } from './unavailable';

/** what the drivers throw when PostgreSQL / Redis are down, wrapped as drizzle wraps them */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isUnavailableError', () => {
  test('connection failures of PostgreSQL and Redis, also wrapped', () => {
    expect(isUnavailableError(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isUnavailableError(wrapped(withCode('write CONNECTION_CLOSED', 'CONNECTION_CLOSED')))).toBe(true);
    expect(isUnavailableError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isUnavailableError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isUnavailableError(withCode('connection failure', '08006'))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
    expect(isUnavailableError(new DomainError('ERR_SERVICE_UNAVAILABLE'))).toBe(true);
  });

  test('bugs, bad input and domain refusals are not', () => {
    expect(isUnavailableError(new Error('boom'))).toBe(false);
    expect(isUnavailableError(wrapped(withCode('duplicate key', '23505')))).toBe(false);
    expect(isUnavailableError(withCode('invalid input syntax', '22P02'))).toBe(false);
    expect(isUnavailableError(new DomainError('ERR_WAPP_NOT_INITIALIZED'))).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
  });

  test('rootMessage answers the driver’s message, not the statement', () => {
    expect(rootMessage(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
  });
});

test('the HTTP layer answers 503 ERR_SERVICE_UNAVAILABLE with Retry-After, never a 500', async () => {
  const app = new Hono()
    .get('/db-down', () => {
      throw wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    })
    .get('/bug', () => {
      throw new Error('boom');
    })
    .onError(onError);
  const down = await app.request('/db-down');
  expect(down.status).toBe(503);
  expect(down.headers.get('retry-after')).toBe('5');
  expect(((await down.json()) as { error: string }).error).toBe('ERR_SERVICE_UNAVAILABLE');
  const bug = await app.request('/bug');
  expect(bug.status).toBe(500);
});
