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
  /** the refresh-session family this access token was issued for (kept when the user changes their password) */
  fam?: string;
  exp: number;
  iat: number;
};

export async function signAccessToken(
  env: Pick<Env, 'jwtSecret'>,
  u: { id: number; companyId: number; profile: 'admin' | 'user'; tokenVersion: number },
  ttlSeconds = ACCESS_TOKEN_TTL_S,
  familyId?: string,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: AccessClaims = {
    sub: u.id,
    companyId: u.companyId,
    profile: u.profile,
    tv: u.tokenVersion,
    iat: now,
    exp: now + ttlSeconds,
    ...(familyId ? { fam: familyId } : {}),
  };
  return sign(claims, env.jwtSecret, 'HS256');
}

export type VerifyResult = { kind: 'ok'; claims: AccessClaims } | { kind: 'expired' } | { kind: 'invalid' };

/**
 * Tokens whose signature was already checked, per secret: a client sends the same token with every request for 15
 * minutes, and checking an HMAC (key import + verify) costs more than the rest of a small request's auth. Expiry is
 * still checked on every use; the cache is bounded (cleared when full).
 */
const verified = new Map<string, Map<string, AccessClaims>>();
const VERIFIED_MAX = 10_000;

export async function verifyAccessToken(env: Pick<Env, 'jwtSecret'>, token: string): Promise<VerifyResult> {
  let known = verified.get(env.jwtSecret);
  const hit = known?.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return { kind: 'ok', claims: hit };
    known?.delete(token);
    return { kind: 'expired' };
  }
  try {
    const claims = (await verify(token, env.jwtSecret, 'HS256')) as unknown as AccessClaims;
    if (typeof claims.sub !== 'number' || typeof claims.companyId !== 'number') return { kind: 'invalid' };
    if (typeof claims.exp === 'number') {
      if (!known) {
        if (verified.size > 16) verified.clear();
        known = new Map();
        verified.set(env.jwtSecret, known);
      }
      if (known.size >= VERIFIED_MAX) known.clear();
      known.set(token, claims);
    }
    return { kind: 'ok', claims };
  } catch (e) {
    if (e instanceof JwtTokenExpired) return { kind: 'expired' };
    return { kind: 'invalid' };
  }
}
