import { type CapabilityName, DomainError } from '@zapdesk/core';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, UserCtx } from './context';

/** Default deny: throws ERR_NO_PERMISSION unless the capability holds. */
export function assertCan(ctx: UserCtx, cap: CapabilityName): void {
  if (!ctx.caps[cap]) throw new DomainError('ERR_NO_PERMISSION');
}

/**
 * Route middleware form of assertCan, for routes whose body is costly to read (uploads): the capability is checked
 * before the body is parsed. The service still asserts it (the rule lives there).
 */
export const requireCap = (cap: CapabilityName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertCan(c.get('ctx'), cap);
    await next();
  });
