import { DomainError, LoginInput, SignupInput } from '@zapdesk/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_TOKEN_TTL_S } from '../../platform/auth/tokens';
import type { AppEnv } from '../../platform/http/context';
import { validate } from '../../platform/http/validate';
import { platform } from '../../platform/index';
import { clientIp } from '../../platform/ratelimit';
import * as auth from './auth.service';
import { DEVICE_COOKIE } from './login-throttle';

const DEVICE_COOKIE_TTL_S = 365 * 24 * 3600;

/** Refresh-token cookie: httpOnly, Lax (web :3000 and API :8080 are the same site), only sent to /auth. */
export const REFRESH_COOKIE = 'jrt';

function cookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/auth',
    secure: platform().env.backendUrl.startsWith('https://'),
  };
}

function answer(c: Context<AppEnv>, s: auth.SessionAnswer) {
  setCookie(c, REFRESH_COOKIE, s.refreshToken, { ...cookieOptions(), maxAge: REFRESH_TOKEN_TTL_S });
  return c.json({ token: s.token, user: s.user }, 200);
}

/** 429 carries Retry-After; a refused refresh clears the cookie so the browser stops sending a dead token. */
async function guarded<T>(c: Context<AppEnv>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainError) {
      const d = err.details as { retryAfterS?: number } | undefined;
      if (err.code === 'ERR_TOO_MANY_REQUESTS' && d?.retryAfterS) c.header('Retry-After', String(d.retryAfterS));
      if (err.status === 401 && c.req.path.endsWith('/refresh_token')) deleteCookie(c, REFRESH_COOKIE, cookieOptions());
    }
    throw err;
  }
}

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/login', validate('json', LoginInput), async (c) => {
    const s = await guarded(c, () => auth.login(c.req.valid('json'), clientIp(c), getCookie(c, DEVICE_COOKIE)));
    // this browser becomes a known device for this e-mail: others' failed logins never lock it out
    setCookie(c, DEVICE_COOKIE, s.deviceCookie, {
      ...cookieOptions(),
      path: '/auth/login',
      maxAge: DEVICE_COOKIE_TTL_S,
    });
    return answer(c, s);
  })
  .post('/auth/refresh_token', async (c) => {
    const s = await guarded(c, () => auth.refresh(getCookie(c, REFRESH_COOKIE)));
    return answer(c, s);
  })
  .delete('/auth/logout', async (c) => {
    await auth.logout(getCookie(c, REFRESH_COOKIE));
    deleteCookie(c, REFRESH_COOKIE, cookieOptions());
    return c.json({ message: 'OK' }, 200);
  })
  .post('/auth/signup', validate('json', SignupInput), async (c) => {
    // the same 201 whether or not the e-mail exists; the client logs in next (auth.signup)
    return c.json(await guarded(c, () => auth.signup(c.req.valid('json'), clientIp(c))), 201);
  });
