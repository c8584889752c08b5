import { randomBytes } from 'node:crypto';
import { DomainError, dayEnd, dayStart, type TicketsExportBody } from '@zapdesk/core';
import ExcelJS from 'exceljs';
import { nowDate } from '../../platform/clock';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { storage } from '../../platform/storage';
import { exportTicketRows } from './tickets.repo';

/** Export cap: one spreadsheet, bounded work per request. */
export const EXPORT_MAX_ROWS = 20_000;
/** Download links expire (the file name carries its creation time). */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STATUS_PT: Record<string, string> = { open: 'Aberto', pending: 'Pendente', closed: 'Fechado' };

/**
 * The file lives under the company's own prefix and is served by GET /ticketsExport/{file} only to users of that
 * company: the key is built from the caller's companyId, so another company's link answers 404.
 */
const keyOf = (companyId: number, file: string) => `exports/${companyId}/${file}`;
const FILE_RE = /^(\d{13})-([A-Za-z0-9_-]{32})\.xlsx$/;

function fmt(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}

export async function exportTickets(ctx: UserCtx, input: TicketsExportBody, now = nowDate()): Promise<{ url: string }> {
  assertCan(ctx, 'exportTickets');
  const from = dayStart(input.initialDate);
  const to = dayEnd(input.finalDate);
  if (to < from) throw new DomainError('ERR_VALIDATION', 'A data final não pode ser anterior à data inicial.');
  const contact = input.contact;
  const contactId = typeof contact === 'number' ? contact : undefined;
  const contactText = typeof contact === 'string' && contact.trim() ? contact.trim() : undefined;
  const rows = await exportTicketRows(ctx.companyId, { from, to, contactId, contactText }, EXPORT_MAX_ROWS);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Tickets');
  ws.columns = [
    { header: 'Protocolo', key: 'protocol', width: 12 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Contato', key: 'contact', width: 28 },
    { header: 'Número', key: 'number', width: 18 },
    { header: 'Fila', key: 'queue', width: 18 },
    { header: 'Atendente', key: 'user', width: 22 },
    { header: 'Conexão', key: 'whatsapp', width: 18 },
    { header: 'Tags', key: 'tags', width: 24 },
    { header: 'Última mensagem', key: 'lastMessage', width: 40 },
    { header: 'Criado em', key: 'createdAt', width: 18 },
    { header: 'Atualizado em', key: 'updatedAt', width: 18 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const t of rows) {
    ws.addRow({
      protocol: t.protocol,
      status: STATUS_PT[t.status] ?? t.status,
      contact: t.contact.name,
      number: t.contact.number,
      queue: t.queue?.name ?? '',
      user: t.user?.name ?? '',
      whatsapp: t.whatsapp?.name ?? '',
      tags: t.tags.map((g) => g.name).join(', '),
      // a leading '=' would make a formula of a customer's text
      lastMessage: t.lastMessage.replace(/^[=+\-@]/, "'$&"),
      createdAt: fmt(t.createdAt),
      updatedAt: fmt(t.updatedAt),
    });
  }
  const buf = new Uint8Array(await wb.xlsx.writeBuffer());
  const file = `${now.getTime()}-${randomBytes(24).toString('base64url')}.xlsx`;
  await storage().put(keyOf(ctx.companyId, file), buf, XLSX_MIME);
  return { url: `/ticketsExport/${file}` };
}

/** The export of the caller's company; 404 for a malformed, expired, missing or foreign file. */
export async function readTicketsExport(ctx: UserCtx, file: string, now = nowDate()): Promise<Response> {
  const m = FILE_RE.exec(file);
  if (!m || now.getTime() - Number(m[1]) > EXPORT_TTL_MS) throw new DomainError('ERR_NOT_FOUND');
  const stored = await storage().get(keyOf(ctx.companyId, file));
  if (!stored) throw new DomainError('ERR_NOT_FOUND');
  return new Response(stored.data, {
    headers: {
      'content-type': XLSX_MIME,
      'content-length': String(stored.size),
      'content-disposition': `attachment; filename="tickets-${m[1]}.xlsx"`,
      'cache-control': 'private, no-store',
    },
  });
}
