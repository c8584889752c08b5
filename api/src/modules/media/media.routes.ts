import { Hono } from 'hono';
import { requireAuthOrQueryToken } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { readMediaFile } from './media.service';

/** RFC 6266 filename: ASCII fallback plus UTF-8 form */
function contentDisposition(fileName: string, download: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const mediaRoutes = new Hono<AppEnv>().get('/media/:id', requireAuthOrQueryToken, async (c) => {
  const ctx = c.get('ctx');
  const { file, data, size } = await readMediaFile(ctx.companyId, c.req.param('id'));
  const download = c.req.query('download') === '1';
  return new Response(data, {
    headers: {
      'content-type': file.mimeType,
      'content-length': String(size),
      'content-disposition': contentDisposition(file.fileName, download || file.mimeType === 'application/pdf'),
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
