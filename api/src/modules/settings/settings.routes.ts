import { CompanySettingsBody, LOGO_TEXT } from '@zapdesk/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { parseJsonBody, validate } from '../../platform/http/validate';
import { updateCompanySettings } from './settings.service';

const CompanyIdParam = z.object({
  companyId: z.coerce
    .number({ error: 'Id inválido' })
    .int('Id inválido')
    .positive('Id inválido')
    .max(2_147_483_647, 'Id inválido'),
});

/** multipart: body (JSON text), media (the logo file, optional), mediaName (optional) */
const SettingsForm = z.object({
  body: z
    .string({ error: LOGO_TEXT.body })
    .optional()
    .transform((s, ctx) => {
      if (!s) return {};
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: LOGO_TEXT.body });
        return z.NEVER;
      }
    })
    .pipe(CompanySettingsBody),
  media: z.union([z.instanceof(File), z.literal('')], { error: LOGO_TEXT.type }).optional(),
  mediaName: z.string().max(200).optional(),
});

export const settingsRoutes = new Hono<AppEnv>().put(
  '/companyByCompany/:companyId',
  requireAuth,
  // body capped at the logo's size by the app's requestBodyLimits (platform/http/body-limit.ts)
  validate('param', CompanyIdParam),
  validate('form', SettingsForm),
  async (c) => {
    // the spec's call is multipart; a JSON body (no logo) is accepted too rather than silently ignored
    if (c.req.header('content-type')?.toLowerCase().includes('application/json')) {
      const body = await parseJsonBody(c.req, CompanySettingsBody);
      return c.json(await updateCompanySettings(c.get('ctx'), c.req.valid('param').companyId, body, null), 200);
    }
    const form = c.req.valid('form');
    const file = form.media instanceof File ? form.media : null;
    const logo = file
      ? { data: new Uint8Array(await file.arrayBuffer()), fileName: form.mediaName || file.name }
      : null;
    const company = await updateCompanySettings(c.get('ctx'), c.req.valid('param').companyId, form.body, logo);
    return c.json(company, 200);
  },
);
