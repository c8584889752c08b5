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
    { concurrency: 4 },
  );
}
