import { z } from 'zod';
import { TimeZoneName } from '../schedules/schedule.schemas';

/** Logo upload (spec 1 §5: png and jpg only); size-capped by us. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TEXT = {
  type: 'A logo deve ser uma imagem PNG ou JPG',
  tooLarge: 'A logo deve ter no máximo 2 MB',
  body: 'Dados da empresa inválidos',
} as const;

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: LOGO_TEXT.body })
    .trim()
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/**
 * The `body` part of PUT /companyByCompany/{companyId}: a JSON text with companyName (or name, its alias), slogan and
 * timezone (an IANA name, admins: the schedules' recurrences follow it).
 * An empty value clears the field (the top bar then shows the product title); removeLogo drops the current logo.
 */
export const CompanySettingsBody = z
  .object({
    companyName: optionalText(50, 'Too Long!'),
    name: optionalText(50, 'Too Long!'),
    slogan: optionalText(100, 'Too Long!'),
    removeLogo: z.boolean({ error: LOGO_TEXT.body }).optional(),
    /** IANA time zone of the company's schedules (issue 14) */
    timezone: TimeZoneName.optional(),
  })
  .transform((b) => ({
    companyName: b.companyName !== undefined ? b.companyName : b.name,
    slogan: b.slogan,
    removeLogo: b.removeLogo ?? false,
    ...(b.timezone !== undefined ? { timezone: b.timezone } : {}),
  }));
export type CompanySettingsBody = z.output<typeof CompanySettingsBody>;

/** What the settings answer and the `company-{companyId}` update event carry (the top bar's data). */
export type CompanyBrandingDto = {
  id: number;
  name: string;
  companyName: string | null;
  slogan: string | null;
  logoUrl: string | null;
  /** IANA time zone of the company's schedules (default America/Sao_Paulo) */
  timezone: string;
};

/** SSE `company-{companyId}` */
export type CompanyEvent = { action: 'update'; company: CompanyBrandingDto };
