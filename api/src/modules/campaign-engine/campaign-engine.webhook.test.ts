import { afterEach, describe, expect, test } from 'bun:test';
import { isPublicAddress, webhookRefusal } from './campaign-engine.webhook';

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
