import { afterEach, describe, expect, test } from 'bun:test';
import { botWebhookJob } from '../bots/bots.runtime';
import {
  guardedPost,
  isPublicAddress,
  postWebhook,
  setWebhookDnsForTests,
  WebhookRefusedError,
  webhookRefusal,
} from './campaign-engine.webhook';

/** The concluded webhook's SSRF guard (no network: literal addresses and refused schemes only). */
describe('webhook SSRF guard', () => {
  afterEach(() => {
    delete process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS;
  });

  test('public unicast addresses pass; loopback, private, link-local, CGNAT, multicast and reserved ones do not', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '200.147.67.142', '2001:4860:4860::8888']) {
      expect(isPublicAddress(ip)).toBe(true);
    }
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2001:db8::1',
    ]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
    }
    expect(isPublicAddress('not an ip')).toBe(false);
  });

  test('only http(s), no credentials, no private literal host unless allow-listed (host or host:port)', async () => {
    expect(await webhookRefusal('ftp://example.com/x')).toBe('Somente http(s) é permitido');
    expect(await webhookRefusal('file:///etc/passwd')).toBe('Somente http(s) é permitido');
    expect(await webhookRefusal('nota url')).toBe('URL inválida');
    expect(await webhookRefusal('http://user:pw@8.8.8.8/')).toBe('A URL não pode conter credenciais');
    expect(await webhookRefusal('http://127.0.0.1:8080/done')).toContain('127.0.0.1');
    expect(await webhookRefusal('http://[::1]/done')).toContain('::1');
    expect(await webhookRefusal('http://169.254.169.254/latest/meta-data')).toContain('169.254.169.254');
    expect(await webhookRefusal('https://8.8.8.8/hook')).toBeNull();
    process.env.CAMPAIGN_WEBHOOK_ALLOW_HOSTS = '127.0.0.1:8080, intranet.local';
    expect(await webhookRefusal('http://127.0.0.1:8080/done')).toBeNull();
    expect(await webhookRefusal('http://127.0.0.1:9090/done')).toContain('127.0.0.1');
    expect(await webhookRefusal('http://intranet.local/hook')).toBeNull();
  });
});

/**
 * DNS rebinding: the guard resolves the host, then the request must connect to the address it checked — not ask DNS
 * again. Two local servers on the same port: 127.0.0.2 plays the public address the check saw (the seam's isPublic),
 * 127.0.0.1 the private one a second DNS answer would give.
 */
describe('webhook SSRF guard: the checked address is the one connected to', () => {
  const servers: ReturnType<typeof Bun.serve>[] = [];
  afterEach(() => {
    setWebhookDnsForTests(null);
    for (const s of servers.splice(0)) s.stop(true);
  });

  function rebindingScene() {
    const hits = { vetted: [] as { host: string | null; body: string }[], rebound: 0 };
    const vetted = Bun.serve({
      port: 0,
      hostname: '127.0.0.2',
      fetch: async (req) => {
        hits.vetted.push({ host: req.headers.get('host'), body: await req.text() });
        return new Response('ok');
      },
    });
    servers.push(vetted);
    const rebound = Bun.serve({
      port: vetted.port,
      hostname: '127.0.0.1',
      fetch: () => {
        hits.rebound++;
        return new Response('ok');
      },
    });
    servers.push(rebound);
    let lookups = 0;
    setWebhookDnsForTests({
      // the first answer is the "public" one; every later answer rebinds to the private address
      resolve: async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }],
      isPublic: (ip) => ip !== '127.0.0.1',
    });
    return {
      hits,
      port: vetted.port,
      lookups: () => lookups,
      /** the next lookup is a "first" one again */
      fresh: () => {
        lookups = 0;
      },
    };
  }

  test('guardedPost connects to the vetted address with the original Host; DNS is asked once', async () => {
    const { hits, port, lookups, fresh } = rebindingScene();
    const res = await guardedPost(`http://hooks.example.test:${port}/done`, {
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      timeoutMs: 5000,
    });
    expect(res.status).toBe(200);
    expect(hits.vetted).toEqual([{ host: `hooks.example.test:${port}`, body: '{"a":1}' }]);
    expect(hits.rebound).toBe(0);
    expect(lookups()).toBe(1);
    // the campaigns' postWebhook goes the same way
    fresh();
    await postWebhook(`http://hooks.example.test:${port}/done`, { b: 2 });
    expect(hits.rebound).toBe(0);
    expect(hits.vetted.at(-1)?.body).toBe('{"b":2}');
  });

  test('a private first answer is refused before any connection', async () => {
    const { hits, port } = rebindingScene();
    setWebhookDnsForTests({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    await expect(postWebhook(`http://hooks.example.test:${port}/done`, {})).rejects.toBeInstanceOf(WebhookRefusedError);
    expect(hits.rebound + hits.vetted.length).toBe(0);
  });

  test("the bots' command webhook uses the same pinned call (and the same refusal)", async () => {
    const { hits, port } = rebindingScene();
    let handler: ((job: unknown) => Promise<unknown>) | undefined;
    botWebhookJob.register({
      define: (_name: string, fn: (job: unknown) => Promise<unknown>) => {
        handler = fn;
      },
    } as never);
    const job = (url: string) => ({
      id: 'j1',
      attemptsMade: 0,
      companyId: 1,
      data: { companyId: 1, ticketId: 999_999, url, commandBot: '2', answer: 'Sim' },
    });
    await handler!(job(`http://bot.example.test:${port}/cmd`));
    expect(hits.vetted).toHaveLength(1);
    expect(JSON.parse(hits.vetted[0]!.body)).toMatchObject({
      event: 'chatbot.command',
      commandBot: '2',
      answer: 'Sim',
    });
    expect(hits.rebound).toBe(0);
    // a private address: refused quietly, nothing called
    await handler!(job(`http://127.0.0.1:${port}/cmd`));
    expect(hits.rebound).toBe(0);
    expect(hits.vetted).toHaveLength(1);
  });
});
