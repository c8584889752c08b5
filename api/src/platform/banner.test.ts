import { describe, expect, test } from 'bun:test';
import { startupBanner } from './banner';
import { loadEnv } from './env';

/** Issue 12 point 20: the production banner never prints the demo logins. */
describe('startup banner', () => {
  const secrets = {
    JWT_SECRET: 'k3J9xq2LmP0vR7tY1wZ5bN8cD4fG6hJ2sA9eQ',
    JWT_REFRESH_SECRET: 'Zp4Lw8Qe2Rt6Yu1Io5Pa9Sd3Fg7Hj0Kl2Xc6V',
    DATA_DIR: '/tmp/zapdesk-banner-test',
  };
  test('production: addresses only, no demo login or password', () => {
    const text = startupBanner(loadEnv({ NODE_ENV: 'production', ...secrets })).join('\n');
    expect(text).toContain('API  http://localhost:8080');
    expect(text).not.toMatch(/demo|demo1234|password/i);
  });
  test('development: the demo logins are shown', () => {
    expect(startupBanner(loadEnv({ NODE_ENV: 'development', ...secrets })).join('\n')).toContain(
      'admin@demo.local / demo1234',
    );
  });
});
