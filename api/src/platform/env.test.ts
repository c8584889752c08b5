import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isWeakSecret, loadEnv } from './env';

const strong = 'k3J9xq2LmP0vR7tY1wZ5bN8cD4fG6hJ2sA9eQ';

describe('secrets', () => {
  test('production refuses to start with missing secrets', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET, JWT_REFRESH_SECRET/);
  });
  test.each(['short', 'secret-but-long-enough-0123456789abcdef', 'changeme-changeme-changeme-changeme'])(
    'production refuses a weak secret (%s)',
    (weak) => {
      expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: weak, JWT_REFRESH_SECRET: strong })).toThrow(
        /JWT_SECRET/,
      );
    },
  );
  test.each([
    ['one character repeated', 'a'.repeat(64)],
    ['two characters alternating', 'ab'.repeat(32)],
    ['a short alphabet cycled', 'abcd'.repeat(16)],
  ])('production refuses a low-entropy secret (%s)', (_n, weak) => {
    expect(isWeakSecret(weak)).toBe(true);
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: strong, JWT_REFRESH_SECRET: weak })).toThrow(
      /JWT_REFRESH_SECRET/,
    );
  });
  test('production refuses the same secret for access and refresh tokens', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: strong, JWT_REFRESH_SECRET: strong })).toThrow(
      /must be different/,
    );
  });
  test('a random 32-byte secret (hex or base64url) is accepted', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    expect(isWeakSecret(Buffer.from(bytes).toString('hex'))).toBe(false);
    expect(isWeakSecret(Buffer.from(bytes).toString('base64url'))).toBe(false);
  });
  test('production starts with strong secrets and never writes them to disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'h3-env-'));
    try {
      const env = loadEnv({
        NODE_ENV: 'production',
        JWT_SECRET: strong,
        JWT_REFRESH_SECRET: `${strong}x`,
        DATA_DIR: dir,
      });
      expect(env.production).toBe(true);
      expect(env.jwtSecret).toBe(strong);
      expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('dev/embedded mode generates random secrets once and keeps them in the data dir', () => {
    const dir = mkdtempSync(join(tmpdir(), 'h3-env-'));
    try {
      const a = loadEnv({ NODE_ENV: 'development', DATA_DIR: dir });
      const file = join(dir, 'secrets.json');
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(isWeakSecret(a.jwtSecret)).toBe(false);
      expect(a.jwtSecret).not.toBe(a.jwtRefreshSecret);
      const b = loadEnv({ NODE_ENV: 'development', DATA_DIR: dir });
      expect(b.jwtSecret).toBe(a.jwtSecret);
      expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(a.jwtSecret);
      // another data dir gets other secrets
      const dir2 = mkdtempSync(join(tmpdir(), 'h3-env-'));
      expect(loadEnv({ NODE_ENV: 'development', DATA_DIR: dir2 }).jwtSecret).not.toBe(a.jwtSecret);
      rmSync(dir2, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('TRUST_PROXY is off unless set', () => {
    expect(loadEnv({ NODE_ENV: 'test', JWT_SECRET: strong, JWT_REFRESH_SECRET: strong }).trustProxy).toBe(false);
    expect(
      loadEnv({ NODE_ENV: 'test', JWT_SECRET: strong, JWT_REFRESH_SECRET: strong, TRUST_PROXY: '1' }).trustProxy,
    ).toBe(true);
  });
});
