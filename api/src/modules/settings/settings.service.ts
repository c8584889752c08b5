import {
  type CompanyBrandingDto,
  type CompanyEvent,
  type CompanySettingsBody,
  DomainError,
  events,
  LOGO_MAX_BYTES,
  LOGO_TEXT,
  sniffMedia,
} from '@zapdesk/core';
import { invalidateActors } from '../../platform/auth/actor';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { emit } from '../../platform/index';
import { saveMediaFile } from '../media/media.service';
import { replanCompanySchedules } from '../schedules/schedules.service';
import { findCompanyBranding, updateCompanyBranding } from './settings.repo';

export type LogoUpload = { data: Uint8Array; fileName?: string };

/**
 * PUT /companyByCompany/{companyId}: the company's own name, slogan and logo. Admins with the settings screen
 * (manageSettings) only; another company's id answers 404. A new time zone re-plans the pending schedules. The logo is stored as a company-scoped media file
 * (served by GET /media/{id} to that company's users) and its URL kept in companies.logoUrl. Publishes
 * `company-{companyId}` { action: 'update', company } so every open top bar refreshes.
 */
export async function updateCompanySettings(
  ctx: UserCtx,
  companyId: number,
  body: CompanySettingsBody,
  logo: LogoUpload | null,
): Promise<CompanyBrandingDto> {
  if (companyId !== ctx.companyId) throw new DomainError('ERR_NOT_FOUND');
  assertCan(ctx, 'manageSettings');
  const patch: { companyName?: string | null; slogan?: string | null; logoUrl?: string | null; timezone?: string } = {};
  if (body.companyName !== undefined) patch.companyName = body.companyName;
  if (body.slogan !== undefined) patch.slogan = body.slogan;
  if (body.removeLogo) patch.logoUrl = null;
  const before = body.timezone !== undefined ? await findCompanyBranding(ctx.companyId) : null;
  if (body.timezone !== undefined) patch.timezone = body.timezone;
  if (logo) {
    const ext = sniffMedia(logo.data);
    if (ext !== 'png' && ext !== 'jpg') throw new DomainError('ERR_VALIDATION', LOGO_TEXT.type);
    if (logo.data.length > LOGO_MAX_BYTES) throw new DomainError('ERR_VALIDATION', LOGO_TEXT.tooLarge);
    const saved = await saveMediaFile(ctx.companyId, {
      data: logo.data,
      mimeType: ext === 'png' ? 'image/png' : 'image/jpeg',
      fileName: logo.fileName,
    });
    patch.logoUrl = saved.url;
  }
  const company = Object.keys(patch).length
    ? await updateCompanyBranding(ctx.companyId, patch)
    : await findCompanyBranding(ctx.companyId);
  if (!company) throw new DomainError('ERR_NOT_FOUND');
  // the actor cache holds the company row; the next request must see the new branding
  invalidateActors();
  // schedules recur in the company's time zone: their next occurrences move with it
  if (before && before.timezone !== company.timezone) await replanCompanySchedules(ctx.companyId);
  const event: CompanyEvent = { action: 'update', company };
  emit({ companyId: ctx.companyId, channel: events.company.of(ctx.companyId), data: event });
  return company;
}
