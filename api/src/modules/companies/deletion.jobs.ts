import { z } from 'zod';
import { runCompanyLifecycle } from '../../platform/company-lifecycle';
import { platform } from '../../platform/index';
import { defineJob } from '../../platform/jobs/define-job';
import { log } from '../../platform/log';
import { storage } from '../../platform/storage';
import { deleteCompanyRows } from './deletion.repo';

/** Storage folders of a company: media (`{companyId}/…`) and ticket exports (`exports/{companyId}/…`). */
export const companyStoragePrefixes = (companyId: number) => [`${companyId}/`, `exports/${companyId}/`];

/**
 * `companies.delete`: removes a company for good — its WhatsApp sessions stop (the `deleting` hook), its queued jobs
 * go, then every row of every tenant table and its stored files. The job belongs to the master's company (`companyId`)
 * so clearing the deleted company's jobs never removes this one. Idempotent: a retry finds less to delete.
 */
export const deleteCompanyJob = defineJob(
  'companies.delete',
  z.object({ targetCompanyId: z.number().int().positive() }),
  async ({ targetCompanyId }) => {
    await runCompanyLifecycle('deleting', targetCompanyId);
    await platform().jobs.removeAll({ companyId: targetCompanyId });
    const removed = await deleteCompanyRows(targetCompanyId);
    for (const prefix of companyStoragePrefixes(targetCompanyId)) await storage().deletePrefix(prefix);
    log.info({ companyId: targetCompanyId, removed }, 'company deleted');
    return removed;
  },
  { attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
);
