import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DomainError, type LoginInput, type SessionUserDto, type SignupInput } from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password';
import { REFRESH_TOKEN_TTL_S, signAccessToken } from '../../platform/auth/tokens';
import { now, nowDate } from '../../platform/clock';
import { disconnectUserStreams } from '../../platform/events/sse';
import { platform } from '../../platform/index';
import { log } from '../../platform/log';
import { forgetMailSecretsOf, sendMail } from '../../platform/mail';
import { type RateRule, rateLimiter } from '../../platform/ratelimit';
import { createCompanyWithAdmin, ensureCompanyDefaults } from '../companies/defaults.service';
import { existingAccountMail } from '../signup/signup.mail';
import {
  deleteExpiredSessions,
  insertSession,
  loadSessionUserRow,
  markSessionUsed,
  revokeFamily,
  revokeUserSessions,
  revokeUserSessionsExcept,
  type SessionRow,
  setUserPassword,
  type UserRow,
  unsafeFindSessionByHash,
  unsafeFindUserByEmail,
} from './auth.repo';
import {
  assertLoginAllowed,
  deviceIdOf,
  type LoginAttempt,
  newDeviceCookie,
  recordLoginFailure,
  recordLoginSuccess,
} from './login-throttle';
import { toSessionUserDto } from './session-user';

/** Sign-ups per IP per hour (creates companies: keep bots out). */
export const SIGNUP_RULE_IP: RateRule = { limit: 10, windowMs: 60 * 60_000 };
/**
 * A refresh token presented again within this window after its rotation is treated as a concurrent refresh from a
 * second tab (it gets a sibling token of the same family); later, it is a replay and revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export type SessionAnswer = { token: string; user: SessionUserDto; refreshToken: string };

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

function tooMany(retryAfterS: number): DomainError {
  return new DomainError('ERR_TOO_MANY_REQUESTS', undefined, { retryAfterS });
}

async function answerFor(user: UserRow, familyId: string): Promise<SessionAnswer> {
  const row = await loadSessionUserRow(user.companyId, user.id);
  if (!row) throw new DomainError('ERR_UNAUTHORIZED');
  if (!row.company.status && !row.user.master) throw new DomainError('ERR_INVALID_CREDENTIALS', 'Empresa desativada.');
  const refreshToken = randomBytes(32).toString('base64url');
  await insertSession(user.companyId, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  const token = await signAccessToken(platform().env, row.user, undefined, familyId);
  return { token, user: toSessionUserDto(row), refreshToken };
}

/**
 * POST /auth/login. ERR_INVALID_CREDENTIALS_EMAIL (unknown e-mail), _PASSWORD (wrong password),
 * ERR_INVALID_CREDENTIALS (right credentials, but the company is deactivated). Throttled per (IP, e-mail) pair or
 * known device with exponential backoff, plus a per-IP ceiling (login-throttle.ts). A success answers the device
 * cookie that makes this browser a known device for this e-mail.
 */
export async function login(
  input: LoginInput,
  ip: string,
  deviceCookie?: string,
): Promise<SessionAnswer & { deviceCookie: string }> {
  const secret = platform().env.jwtRefreshSecret;
  const attempt: LoginAttempt = { ip, email: input.email, deviceId: deviceIdOf(secret, deviceCookie, input.email) };
  await assertLoginAllowed(attempt);

  const user = await unsafeFindUserByEmail(input.email);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !passwordOk) {
    await recordLoginFailure(attempt);
    throw new DomainError(user ? 'ERR_INVALID_CREDENTIALS_PASSWORD' : 'ERR_INVALID_CREDENTIALS_EMAIL');
  }
  await recordLoginSuccess(attempt);
  if (attempt.deviceId) await recordLoginSuccess({ ip, email: input.email });
  // the password reached its owner: the embedded outbox stops showing the mailed one (DECISIONS "Mail outbox secrets")
  await forgetMailSecretsOf(user.email);
  await deleteExpiredSessions(user.companyId, user.id);
  // spec 1 §7: a non-master user's company without queues or groups gets the defaults (companies created elsewhere)
  if (!user.master) await ensureCompanyDefaults(user.companyId);
  const answer = await answerFor(user, randomUUID());
  const device = attempt.deviceId && deviceCookie ? deviceCookie : newDeviceCookie(secret, input.email).value;
  return { ...answer, deviceCookie: device };
}

/**
 * POST /auth/refresh_token: rotates the refresh token. A spent token presented again (after the grace window)
 * revokes its whole family — whoever holds any token of that login is logged out — and answers 401.
 */
export async function refresh(refreshToken: string | undefined): Promise<SessionAnswer> {
  if (!refreshToken) throw new DomainError('ERR_UNAUTHORIZED');
  const session = await unsafeFindSessionByHash(hashToken(refreshToken));
  if (!session || session.revokedAt) throw new DomainError('ERR_UNAUTHORIZED');
  const now = nowDate();
  if (session.expiresAt <= now) throw new DomainError('ERR_UNAUTHORIZED');
  if (session.usedAt || !(await markSessionUsed(session.companyId, session.id, now))) {
    return reuse(session, now);
  }
  return continueFamily(session);
}

async function reuse(session: SessionRow, now: Date): Promise<SessionAnswer> {
  const usedAt = session.usedAt ?? now;
  if (now.getTime() - usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) return continueFamily(session);
  await revokeFamily(session.companyId, session.familyId, now);
  log.warn({ userId: session.userId, companyId: session.companyId }, 'refresh token reuse: session family revoked');
  throw new DomainError('ERR_UNAUTHORIZED');
}

async function continueFamily(session: SessionRow): Promise<SessionAnswer> {
  const row = await loadSessionUserRow(session.companyId, session.userId);
  if (!row) throw new DomainError('ERR_UNAUTHORIZED');
  return answerFor(row.user, session.familyId);
}

/** DELETE /auth/logout: revokes the family of the presented refresh token (if any). Always succeeds. */
export async function logout(refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const session = await unsafeFindSessionByHash(hashToken(refreshToken));
  if (session) await revokeFamily(session.companyId, session.familyId, nowDate());
}

/** The one answer of a sign-up, whether or not the e-mail already had an account (no enumeration). */
export const SIGNUP_ANSWER_TEXT = 'Cadastro recebido. Entre com o seu e-mail e senha.';

/**
 * POST /auth/signup: a new company on the standard plan with the user as its admin (Administradores), the default
 * queues and groups. The answer is the same whether or not the e-mail already has an account — `{ message }`, no
 * session — so the public form cannot tell who is a customer of the platform; the client then logs in with the
 * credentials just typed. An existing e-mail creates nothing and changes nothing; its owner is told by e-mail
 * ("Você já tem uma conta", the store's notice; DECISIONS, issue 12 point 20 and "Public store, mail and lookups").
 */
export async function signup(input: SignupInput, ip: string): Promise<{ message: string }> {
  const state = await rateLimiter().hit(`signup:ip:${ip}`, SIGNUP_RULE_IP);
  if (state.count > SIGNUP_RULE_IP.limit) throw tooMany(state.retryAfterS);
  const existing = await unsafeFindUserByEmail(input.email);
  if (existing) {
    // the same costly step as a real sign-up (hashing the password), so the answer's timing tells less
    await hashPassword(input.password);
    log.info({ userId: existing.id, companyId: existing.companyId }, 'sign-up attempted with an existing e-mail');
    // the owner is told by e-mail (the mail port); not awaited, so the answer's timing does not tell either
    void sendMail(
      existingAccountMail({
        email: existing.email,
        loginUrl: `${platform().env.frontendUrl.replace(/\/+$/, '')}/login`,
      }),
    );
    return { message: SIGNUP_ANSWER_TEXT };
  }
  try {
    await createCompanyWithAdmin({
      company: { name: input.companyName ?? input.name, email: input.email },
      admin: { name: input.name, email: input.email, password: input.password },
    });
  } catch (err) {
    // a concurrent sign-up with the same e-mail won the race: same answer
    if (!(err instanceof DomainError && err.code === 'ERR_EMAIL_ALREADY_EXISTS')) throw err;
  }
  return { message: SIGNUP_ANSWER_TEXT };
}

/** CLI reset-password: new hash, every access token (tokenVersion) and refresh session of the user invalidated. */
export async function resetPassword(email: string, password: string): Promise<UserRow> {
  const user = await unsafeFindUserByEmail(email);
  if (!user) throw new DomainError('ERR_NO_USER_FOUND', `Nenhum usuário com o e-mail ${email}.`);
  await setUserPassword(user.companyId, user.id, await hashPassword(password));
  await forgetMailSecretsOf(user.email);
  await revokeUserSessions(user.companyId, user.id, nowDate());
  invalidateActors(user.id);
  disconnectUserStreams(user.companyId, user.id);
  return user;
}

/**
 * A user changed their own password: every other refresh session ends (the caller's family is kept, so its next
 * refresh works), and every open stream is cut (the caller's reconnects with a refreshed token). Their access tokens
 * already died with the tokenVersion bump.
 */
export async function endOtherSessions(companyId: number, userId: number, keepFamilyId: string | undefined) {
  if (keepFamilyId) await revokeUserSessionsExcept(companyId, userId, keepFamilyId, nowDate());
  else await revokeUserSessions(companyId, userId, nowDate());
  disconnectUserStreams(companyId, userId);
}

/** Wrong current passwords allowed per user in 15 minutes before a password change answers 429. */
export const CURRENT_PASSWORD_RULE: RateRule = { limit: 10, windowMs: 15 * 60_000 };

/**
 * The current password a user must give to change their own: 400 'Required' / 'Senha atual incorreta' on the
 * `currentPassword` field; wrong answers count per user (a stolen session cannot guess it at leisure).
 */
export async function checkCurrentPassword(
  user: { id: number; passwordHash: string },
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) {
    throw new DomainError('ERR_VALIDATION', 'Required', { fields: { currentPassword: 'Required' } });
  }
  const key = `pwchange:user:${user.id}`;
  const state = await rateLimiter().peek(key, CURRENT_PASSWORD_RULE);
  if (state.limited) throw tooMany(state.retryAfterS);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    await rateLimiter().hit(key, CURRENT_PASSWORD_RULE);
    throw new DomainError('ERR_VALIDATION', CURRENT_PASSWORD_TEXT, {
      fields: { currentPassword: CURRENT_PASSWORD_TEXT },
    });
  }
  await rateLimiter().reset(key);
}
export const CURRENT_PASSWORD_TEXT = 'Senha atual incorreta';

/** Ends every refresh session of a user (their password was changed by someone else, or their rights shrank). */
export async function revokeSessionsOfUser(companyId: number, userId: number): Promise<void> {
  await revokeUserSessions(companyId, userId, nowDate());
  // open SSE streams were authorised with the old access token: end them in every process
  disconnectUserStreams(companyId, userId);
}
