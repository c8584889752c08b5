import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeTenant } from '../../test/factories';
import { setupTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

test('GET /health answers 200 once ready', async () => {
  const res = await t.req('GET', '/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
});

test('unknown route answers 404 with the error body', async () => {
  const { admin } = await makeTenant();
  const res = await t.req('GET', '/nope', { token: admin.token });
  expect(res.status).toBe(404);
  expect((await res.json()).error).toBe('ERR_NOT_FOUND');
});

test('calls answer with or without the trailing slash the spec sometimes writes', async () => {
  const { admin } = await makeTenant();
  for (const path of ['/whatsapp/', '/whatsapp', '/queue/', '/tags/', '/users/', '/quickAnswers/', '/contacts/']) {
    const res = await t.req('GET', path, { token: admin.token });
    expect(`${path} ${res.status}`).toBe(`${path} 200`);
  }
});
