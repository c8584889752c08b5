import { type CapabilityName, DomainError } from '@zapdesk/core';
import type { UserCtx } from './context';

/** Default deny: throws ERR_NO_PERMISSION unless the capability holds. */
export function assertCan(ctx: UserCtx, cap: CapabilityName): void {
  if (!ctx.caps[cap]) throw new DomainError('ERR_NO_PERMISSION');
}
