import type { CompanyBrandingDto } from '@zapdesk/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { nowDate } from '../../platform/clock';
import { db } from '../../platform/db';

const branding = {
  id: companies.id,
  name: companies.name,
  companyName: companies.companyName,
  slogan: companies.slogan,
  logoUrl: companies.logoUrl,
  timezone: companies.timezone,
};

/** The company's own branding (name, slogan, logo). */
export async function findCompanyBranding(companyId: number): Promise<CompanyBrandingDto | null> {
  const [r] = await db.select(branding).from(companies).where(eq(companies.id, companyId));
  return r ?? null;
}

export async function updateCompanyBranding(
  companyId: number,
  patch: Partial<{ companyName: string | null; slogan: string | null; logoUrl: string | null; timezone: string }>,
): Promise<CompanyBrandingDto | null> {
  const [r] = await db
    .update(companies)
    .set({ ...patch, updatedAt: nowDate() })
    .where(eq(companies.id, companyId))
    .returning(branding);
  return r ?? null;
}
