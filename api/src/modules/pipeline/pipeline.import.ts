import { parseJid } from '@zapdesk/core';
import { z } from 'zod';
import { defineSessionOp } from '../../platform/channels/relay';
import { sessionManager } from '../../platform/channels/session-manager';
import type { UserCtx } from '../../platform/http/context';
import { assertCan } from '../../platform/http/policy';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { importedTicketIds } from '../messages/messages.channel';
import { closeTicketsInBulk, closeTicketsOf } from '../tickets/tickets.service';
import { emitImportProgress } from '../whatsapp/whatsapp.events';
import { findConnection, setImportStatus } from '../whatsapp/whatsapp.pipeline';
import { getWhatsappInCompany } from '../whatsapp/whatsapp.service';
import { ingestChannelEvent } from './pipeline.ingest';
import { processRawLog } from './pipeline.process';

export const IMPORT_JOB = 'whatsapp.import';

/**
 * Hook after CONNECTED: a connection with an import range that was not imported yet queues the history import
 * ('preparing' until the job runs).
 */
export async function maybeStartImport(companyId: number, whatsappId: number): Promise<void> {
  const w = await findConnection(companyId, whatsappId);
  if (!w?.importOldMessages || !w.importRecentMessages || w.statusImportMessages) return;
  await setImportStatus(companyId, whatsappId, 'preparing');
  emitImportProgress(companyId, { this: 0, all: 0, state: 'preparing', whatsappId });
  await importJob.enqueue(
    { companyId, whatsappId },
    { attempts: 1, jobId: `import-${whatsappId}-${w.importOldMessages.getTime()}` },
  );
}

/**
 * The import reads the session's history, so it runs in the process that owns the session (the job may be taken
 * by any worker). A long wait: a history sync streams for up to minutes.
 */
const importOnOwner = defineSessionOp(
  'connection.import',
  async (whatsappId, a: { companyId: number }) => runImport(a.companyId, whatsappId),
  { timeoutMs: 30 * 60_000 },
);

/**
 * The history import: every message of the range goes through the same path as a live one (raw log, then the
 * batch of one), marked imported — no unread count, no greeting, no after-inbound reactions.
 */
export async function runImport(companyId: number, whatsappId: number): Promise<void> {
  const w = await findConnection(companyId, whatsappId);
  const session = sessionManager().get(whatsappId);
  if (!w?.importOldMessages || !w.importRecentMessages || !session?.fetchHistory) {
    if (w) await setImportStatus(companyId, whatsappId, null);
    return;
  }
  await setImportStatus(companyId, whatsappId, 'running');
  let n = 0;
  try {
    for await (const msg of session.fetchHistory({ from: w.importOldMessages, to: w.importRecentMessages })) {
      if (parseJid(msg.remoteJid).kind === 'group' && !w.importOldMessagesGroups) continue;
      const raw = await ingestChannelEvent(
        companyId,
        whatsappId,
        { kind: 'message', msg },
        { imported: true, enqueue: false },
      );
      await processRawLog(raw.id, { raw }).catch((err) =>
        log.warn({ err, rawLogId: raw.id }, 'imported message failed'),
      );
      n++;
      if (n % 10 === 0) emitImportProgress(companyId, { this: n, all: 0, state: 'running', whatsappId });
    }
    emitImportProgress(companyId, { this: n, all: n, state: 'done', whatsappId });
    if (w.closedTicketsPostImported) {
      // the connection asks for it: the imported conversations are history, resolve them now
      const { count } = await closeTicketsOf(companyId, await importedTicketIds(companyId, whatsappId), null);
      log.info({ whatsappId, messages: n, closed: count }, 'history import done; imported tickets closed');
      await setImportStatus(companyId, whatsappId, null);
    } else {
      // the admin then closes the imported tickets (POST /closedimported/{id})
      await setImportStatus(companyId, whatsappId, 'renderButtonCloseTickets');
    }
  } catch (err) {
    log.error({ err, whatsappId }, 'history import failed');
    emitImportProgress(companyId, { this: n, all: n, state: 'failed', whatsappId });
    await setImportStatus(companyId, whatsappId, null);
  }
}

/** POST /closedimported/{id}: resolve the unfinished tickets the import created or filled, end the import state. */
export async function closeImportedTickets(ctx: UserCtx, id: number): Promise<{ count: number }> {
  assertCan(ctx, 'manageConnections');
  await getWhatsappInCompany(ctx.companyId, id);
  // closing skips (and does not count) the ones already closed
  const ids = await importedTicketIds(ctx.companyId, id);
  const result = ids.length ? await closeTicketsInBulk(ctx, ids) : { count: 0 };
  await setImportStatus(ctx.companyId, id, null);
  return result;
}

/** the history import of a connection, run on the session's owner */
const importJob = defineJob(IMPORT_JOB, z.object({ whatsappId: z.number().int().positive() }), async (data) => {
  await importOnOwner(data.whatsappId, { companyId: data.companyId });
});

export function defineImportJobs(): void {
  importJob.register();
}
