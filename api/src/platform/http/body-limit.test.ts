import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { AUTH_BODY_MAX, bodyRuleFor, JSON_BODY_MAX, LARGEST_BODY_MAX } from './body-limit';

/** Issue 12 point 14: every route has a body cap, answered 413 with a code before anything parses the body. */
const { t } = useTestApp();

/** A body that never ends: only a limit that stops reading lets the request finish. */
function endless(chunk = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = new Uint8Array(chunk).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(ctrl) {
      sent += bytes.length;
      ctrl.enqueue(bytes);
    },
    cancel() {
      sent = -sent;
    },
  });
}

const json = (n: number) => JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(n) });

describe('request body limits', () => {
  test('the table: auth is small, JSON is small, uploads have their media caps', () => {
    expect(bodyRuleFor('POST', '/auth/login').maxBytes).toBe(AUTH_BODY_MAX);
    expect(bodyRuleFor('POST', '/auth/signup').maxBytes).toBe(AUTH_BODY_MAX);
    expect(bodyRuleFor('POST', '/tags').maxBytes).toBe(JSON_BODY_MAX);
    expect(bodyRuleFor('POST', '/messages/1/1').maxBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(bodyRuleFor('POST', '/contacts/import').maxBytes).toBeLessThan(6 * 1024 * 1024);
    expect(LARGEST_BODY_MAX).toBe(bodyRuleFor('POST', '/messages/1/1').maxBytes);
  });

  test('a login body over 16 KB → 413 ERR_PAYLOAD_TOO_LARGE (declared length), before validation', async () => {
    const res = await t.req('POST', '/auth/login', {
      body: json(AUTH_BODY_MAX),
      headers: { 'content-type': 'application/json', 'content-length': String(AUTH_BODY_MAX + 40) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('ERR_PAYLOAD_TOO_LARGE');
    // a normal login body still reaches the service
    const ok = await t.req('POST', '/auth/login', { json: { email: 'nobody@x.com', password: 'abcdef' } });
    expect(ok.status).toBe(401);
  });

  test('sign-up and any JSON route: chunked bodies (no length) are cut at the cap, not read to the end', async () => {
    for (const [path, headers] of [
      ['/auth/signup', {}],
      ['/tags', { authorization: 'Bearer x' }],
      ['/quickAnswers', {}],
    ] as const) {
      const res = await t.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers },
        body: endless(),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).error).toBe('ERR_PAYLOAD_TOO_LARGE');
    }
  });

  test('an upload route keeps its own cap and text (contact import: 5 MB)', async () => {
    const { admin } = await makeTenant();
    const res = await t.req('POST', '/contacts/import', {
      token: admin.token,
      body: endless(),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'ERR_PAYLOAD_TOO_LARGE',
      message: 'Planilha muito grande (máximo 5 MB)',
    });
  });
});

describe('over a real socket (Bun.serve), chunked transfer', () => {
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(() => {
    server = Bun.serve({ port: 0, fetch: t.app.fetch, maxRequestBodySize: LARGEST_BODY_MAX });
  });
  afterAll(() => server.stop(true));

  test('a 2 MB chunked login body → 413 with the code', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent >= 2 * 1024 * 1024) return ctrl.close();
        sent += 64 * 1024;
        ctrl.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });
});
