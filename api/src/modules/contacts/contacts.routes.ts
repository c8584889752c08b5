import {
  AllContactsQuery,
  CreateContact,
  ExportContactsQuery,
  IdParam,
  ImportOneContact,
  ListContactsQuery,
  UpdateContact,
} from '@zapdesk/core';
import { IMPORT_MAX_BYTES, IMPORT_SHEET_TEXTS } from '@zapdesk/core/contacts/import-sheet';
import { Hono } from 'hono';
import { z } from 'zod';
import { nowDate } from '../../platform/clock';
import { requireAuth } from '../../platform/http/auth-middleware';
import type { AppEnv } from '../../platform/http/context';
import { errorBody } from '../../platform/http/errors';
import { requireCap } from '../../platform/http/policy';
import { validate } from '../../platform/http/validate';
import { exportContacts, importContactsFile } from './contacts.import';
import {
  createContact,
  deleteContact,
  getContact,
  importOneContact,
  listContacts,
  sendListByCategories,
  updateContact,
} from './contacts.service';
import { contactTemplate } from './contacts.spreadsheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsxHeaders = (fileName: string) => ({
  'content-type': XLSX,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/** multipart `file` (also accepted as `spreadsheet` or `media`): one .xlsx */
const ImportForm = z
  .object({ file: z.unknown().optional(), spreadsheet: z.unknown().optional(), media: z.unknown().optional() })
  .transform((f) => f.file ?? f.spreadsheet ?? f.media)
  .pipe(z.instanceof(File, { error: 'Envie uma planilha .xlsx' }));

export const contactsRoutes = new Hono<AppEnv>()
  // spec: GET /contacts and /contacts/ (the app ignores the trailing slash)
  .get('/contacts', requireAuth, validate('query', ListContactsQuery), async (c) =>
    c.json(await listContacts(c.get('ctx'), c.req.valid('query')), 200),
  )
  .get('/contacts/export', requireAuth, validate('query', ExportContactsQuery), async (c) => {
    const bytes = await exportContacts(c.get('ctx'), c.req.valid('query'));
    const day = nowDate().toISOString().slice(0, 10);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, xlsxHeaders(`contatos-${day}.xlsx`));
  })
  .get('/contacts/import-template', requireAuth, async (c) => {
    return c.body((await contactTemplate()) as Uint8Array<ArrayBuffer>, 200, xlsxHeaders('modelo-contatos.xlsx'));
  })
  .get('/contacts/:id', requireAuth, validate('param', IdParam), async (c) =>
    c.json(await getContact(c.get('ctx'), c.req.valid('param').id), 200),
  )
  .post('/contacts', requireAuth, validate('json', CreateContact), async (c) =>
    c.json(await createContact(c.get('ctx'), c.req.valid('json')), 200),
  )
  .post('/contact', requireAuth, validate('json', CreateContact), async (c) =>
    c.json(await createContact(c.get('ctx'), c.req.valid('json')), 200),
  )
  .put('/contacts/:id', requireAuth, validate('param', IdParam), validate('json', UpdateContact), async (c) =>
    c.json(await updateContact(c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/contacts/:id', requireAuth, validate('param', IdParam), async (c) => {
    await deleteContact(c.get('ctx'), c.req.valid('param').id);
    return c.json({ message: 'Contato excluído' }, 200);
  })
  .post('/contacts/import', requireAuth, requireCap('manageSettings'), validate('form', ImportForm), async (c) => {
    const file = c.req.valid('form');
    if (file.size > IMPORT_MAX_BYTES) {
      return c.json(errorBody('ERR_PAYLOAD_TOO_LARGE', IMPORT_SHEET_TEXTS.tooLarge), 413);
    }
    const report = await importContactsFile(c.get('ctx'), new Uint8Array(await file.arrayBuffer()));
    return c.json(report, 200);
  })
  .get('/contactsall', requireAuth, validate('query', AllContactsQuery), async (c) =>
    c.json(await sendListByCategories(c.get('ctx'), c.req.valid('query').categoryIds), 200),
  )
  .post('/contactsImport', requireAuth, validate('json', ImportOneContact), async (c) => {
    const { contact, created } = await importOneContact(c.get('ctx'), c.req.valid('json'));
    return c.json(contact, created ? 201 : 200);
  });
