import { platform } from '../index';

/**
 * argon2id via Bun.password. Tests use a cheaper cost (same algorithm) so suites stay fast; every other
 * environment uses Bun's defaults (64 MiB, t=2).
 */
export function hashPassword(password: string): Promise<string> {
  const cheap = platform().env.nodeEnv === 'test';
  return Bun.password.hash(
    password,
    cheap ? { algorithm: 'argon2id', memoryCost: 4096, timeCost: 2 } : { algorithm: 'argon2id' },
  );
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    // an unreadable hash never matches
    return false;
  }
}

/** Verifying against this when the e-mail is unknown keeps both answers equally slow. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
