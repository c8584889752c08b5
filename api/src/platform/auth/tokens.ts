import { sign, verify } from 'hono/jwt';
import { JwtTokenExpired } from 'hono/utils/jwt/types';
import type { Env } from '../env';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 7 * 24 * 3600;

export type AccessClaims = {
  sub: number;
  companyId: number;
  profile: 'admin' | 'user';
  /** user's tokenVersion at issue time */
  tv: number;
  exp: number;
  iat: number;
};

export async function signAccessToken(
  env: Pick<Env, 'jwtSecret'>,
  u: { id: number; companyId: number; profile: 'admin' | 'user'; tokenVersion: number },
  ttlSeconds = ACCESS_TOKEN_TTL_S,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: AccessClaims = {
    sub: u.id,
    companyId: u.companyId,
    profile: u.profile,
    tv: u.tokenVersion,
    iat: now,
    exp: now + ttlSeconds,
  };
  return sign(claims, env.jwtSecret, 'HS256');
}

export type VerifyResult = { kind: 'ok'; claims: AccessClaims } | { kind: 'expired' } | { kind: 'invalid' };

export async function verifyAccessToken(env: Pick<Env, 'jwtSecret'>, token: string): Promise<VerifyResult> {
  try {
    const claims = (await verify(token, env.jwtSecret, 'HS256')) as unknown as AccessClaims;
    if (typeof claims.sub !== 'number' || typeof claims.companyId !== 'number') return { kind: 'invalid' };
    return { kind: 'ok', claims };
  } catch (e) {
    if (e instanceof JwtTokenExpired) return { kind: 'expired' };
    return { kind: 'invalid' };
  }
}
