import { platform } from '../../platform/index';
import { INBOUND_JOB } from './pipeline.ingest';
import { processRawLog } from './pipeline.process';

/** startup step: the processing job of the inbound pipeline */
export function definePipelineJobs(): void {
  platform().jobs.define(
    INBOUND_JOB,
    async (job) => {
      await processRawLog(Number(job.data.rawLogId), { attemptsMade: job.attemptsMade });
    },
    // each job mostly waits on the database: 16 in flight keep it busy (bench:ingest); order per contact is kept by
    // the message timestamps and the contact lock, not by running one at a time
    { concurrency: Number(process.env.INBOUND_CONCURRENCY) || 16 },
  );
}
