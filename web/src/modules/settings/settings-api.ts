import type { CompanyBrandingDto } from '@zapdesk/core';
import { apiFetch, apiJson } from '../../lib/api';
import { readJson } from '../../lib/errors';

export type CompanySettingsInput = {
  companyName: string;
  slogan: string;
  /** a new logo (png/jpg) */
  logo: File | null;
  /** drop the current logo (ignored when a new one is sent) */
  removeLogo: boolean;
};

/**
 * `PUT /companyByCompany/{companyId}` multipart (spec 1 §7): `body` = JSON text {companyName, slogan, removeLogo},
 * `media` = the logo file, `mediaName` = its name. Answers the company's branding (name, slogan, logoUrl).
 */
export async function saveCompanySettings(companyId: number, input: CompanySettingsInput): Promise<CompanyBrandingDto> {
  const form = new FormData();
  form.append(
    'body',
    JSON.stringify({
      companyName: input.companyName.trim(),
      slogan: input.slogan.trim(),
      removeLogo: !input.logo && input.removeLogo,
    }),
  );
  if (input.logo) {
    form.append('media', input.logo, input.logo.name);
    form.append('mediaName', input.logo.name);
  }
  return readJson<CompanyBrandingDto>(await apiFetch(`/companyByCompany/${companyId}`, { method: 'PUT', body: form }));
}

/**
 * The company's time zone (IANA; schedules are typed, shown and repeated on its clock): `PUT
 * /companyByCompany/{companyId}` with a JSON body `{ timezone }`; the other settings stay as they are.
 */
export async function saveCompanyTimeZone(companyId: number, timezone: string): Promise<CompanyBrandingDto> {
  return apiJson<CompanyBrandingDto>('PUT', `/companyByCompany/${companyId}`, { timezone });
}
