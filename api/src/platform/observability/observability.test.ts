import { beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { connectedSimulator, startChannels, waitFor } from '../../modules/pipeline/pipeline.fixtures';
import { makeTenant } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { createLogger, log, logFormatOf, prettyLine } from '../log';
import { metricsAccess } from './metrics';
import { requestStore } from './request-store';

/** issue 22: GET /metrics (acceptance 4), request ids and structured JSON logs */
const { t } = useTestApp(startChannels);
const TOKEN = 'metrics-token-0123456789abcdef';

beforeAll(() => {
  t.platform.env.metricsToken = TOKEN;
});

const scrape = (query = '', headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  t.req('GET', `/metrics${query}`, { headers });

/** the value of one sample line (`name{labels} value`), or undefined */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
}

describe('GET /metrics', () => {
  test('refused without the token (401), with a wrong one (401); absent when no token is configured (404)', async () => {
    const none = await scrape('', {});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await scrape('', { authorization: 'Bearer wrong-token-0123456789abcdef' })).status).toBe(401);
    expect((await scrape('?token=wrong', {})).status).toBe(401);
    // a session token is not the metrics token
    const { admin } = await makeTenant();
    expect((await scrape('', { authorization: `Bearer ${admin.token}` })).status).toBe(401);
    t.platform.env.metricsToken = undefined;
    try {
      expect((await scrape()).status).toBe(404);
    } finally {
      t.platform.env.metricsToken = TOKEN;
    }
    expect(metricsAccess(undefined, `Bearer ${TOKEN}`, undefined)).toBe('disabled');
    expect(metricsAccess(TOKEN, undefined, TOKEN)).toBe('ok');
  });

  test('the named series: HTTP latency by route pattern, inbound rate and lag, jobs by state, SSE clients, sessions by status, campaign sends', async () => {
    const { admin } = await makeTenant();
    const w = await connectedSimulator(t, admin.token);
    const sent = await t.req('POST', `/simulator/${w}/inbound`, {
      token: admin.token,
      json: { from: '5511944440001', body: 'métricas', id: 'METRIC-1' },
    });
    expect(sent.status).toBe(200);
    // a route with a path parameter: labelled by its pattern, never the raw path
    expect((await t.req('GET', '/messages/987654', { token: admin.token })).status).toBeLessThan(500);

    const res = await waitFor(async () => {
      const r = await scrape(`?token=${TOKEN}`, {});
      const text = await r.text();
      return (sample(text, 'zapdesk_inbound_lag_seconds_count') ?? 0) >= 1 && { r, text };
    });
    expect(res.r.status).toBe(200);
    expect(res.r.headers.get('content-type')).toContain('text/plain');
    const text = res.text;
    for (const name of [
      'zapdesk_http_request_duration_seconds',
      'zapdesk_inbound_events_total',
      'zapdesk_inbound_processed_total',
      'zapdesk_inbound_lag_seconds',
      'zapdesk_jobs',
      'zapdesk_sse_clients',
      'zapdesk_whatsapp_sessions',
      'zapdesk_campaign_sends_total',
      'zapdesk_process_resident_memory_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'zapdesk_inbound_events_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'zapdesk_inbound_processed_total{outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'zapdesk_http_request_duration_seconds_count{route="/simulator/:whatsappId/inbound",method="POST",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="/messages/:ticketId"');
    expect(text).not.toContain('987654');
    expect(sample(text, 'zapdesk_whatsapp_sessions{status="CONNECTED"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'zapdesk_jobs{state="completed"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'zapdesk_jobs{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'zapdesk_sse_clients')).toBeGreaterThanOrEqual(0);
  });
});

describe('request ids and structured logs', () => {
  test('a sane incoming X-Request-Id is echoed; a missing or insane one is replaced by a new id', async () => {
    const kept = await t.req('GET', '/health', { headers: { 'x-request-id': 'proxy-abc-123456' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-abc-123456');
    const made = await t.req('GET', '/health');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['x', 'a'.repeat(200), 'bad id with spaces', '<script>alert(1)</script>']) {
      const r = await t.req('GET', '/nope', { headers: { 'x-request-id': bad } });
      expect(r.status).toBe(404);
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('one access line per request: requestId, companyId, route pattern, status, latency; lines written inside carry the id', async () => {
    const { company, admin } = await makeTenant();
    const lines: Record<string, unknown>[] = [];
    const spy = spyOn(log, 'info').mockImplementation(((obj: Record<string, unknown>, msg?: string) => {
      lines.push({ ...obj, msg });
    }) as never);
    try {
      const r = await t.req('GET', '/messages/987654', {
        token: admin.token,
        headers: { 'x-request-id': 'req-test-0001' },
      });
      expect(r.headers.get('x-request-id')).toBe('req-test-0001');
      const access = lines.find((l) => l.msg === 'request' && l.requestId === 'req-test-0001');
      expect(access).toMatchObject({
        requestId: 'req-test-0001',
        companyId: company.id,
        method: 'GET',
        route: '/messages/:ticketId',
        status: r.status,
      });
      expect(access?.latencyMs).toBeNumber();
    } finally {
      spy.mockRestore();
    }
  });

  test('JSON lines: level label, ISO time, msg, and the request fields while a request runs; pretty is one line', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'info', format: 'json', destination: { write: (l) => out.push(l) } });
    logger.info({ route: '/tickets/:id' }, 'outside');
    requestStore.run({ requestId: 'rid-42', companyId: 7 }, () => logger.warn({ status: 409 }, 'inside'));
    const [outside, inside] = out.map((l) => JSON.parse(l));
    expect(outside).toEqual({ level: 'info', time: expect.any(String), route: '/tickets/:id', msg: 'outside' });
    expect(new Date(outside.time).toISOString()).toBe(outside.time);
    expect(inside).toMatchObject({ level: 'warn', msg: 'inside', requestId: 'rid-42', companyId: 7, status: 409 });
    expect(out.every((l) => l.endsWith('\n') && l.trim().split('\n').length === 1)).toBe(true);

    expect(logFormatOf(undefined)).toBe('json');
    expect(logFormatOf('PRETTY')).toBe('pretty');
    // unset: pretty only in a terminal outside production; an explicit choice always wins
    expect(logFormatOf(undefined, { tty: true })).toBe('pretty');
    expect(logFormatOf('', { tty: true, production: true })).toBe('json');
    expect(logFormatOf(undefined, { tty: false })).toBe('json');
    expect(logFormatOf('json', { tty: true })).toBe('json');
    expect(logFormatOf('pretty', { production: true })).toBe('pretty');
    const pretty = prettyLine(out[1] as string);
    expect(pretty).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}inside requestId=rid-42 companyId=7 status=409\n$/);
  });
});
