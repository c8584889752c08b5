import { platform } from '../../platform/index';
import { setInboundSink, setOnConnected } from '../whatsapp/whatsapp.sessions';
import { defineImportJobs, maybeStartImport } from './pipeline.import';
import { ingestChannelEvent } from './pipeline.ingest';
import { definePipelineJobs } from './pipeline.jobs';

/**
 * Startup step of the inbound pipeline, before the connections' (startWhatsappArea restores sessions that may emit
 * at once): what the connections report goes to the raw log (the inbound sink), a connection reaching CONNECTED may
 * start its history import, and the processing and import jobs get their handlers.
 */
export function startPipelineArea(opts: { role: 'api' | 'worker' | 'cli' }): void {
  setInboundSink(ingestChannelEvent);
  setOnConnected(maybeStartImport);
  // a worker sharing PostgreSQL without Redis cannot reach the sessions (no relay, they all run in the API process):
  // the jobs that need one (greetings, history import) stay with the API process
  const env = platform().env;
  if (!(opts.role === 'worker' && env.databaseUrl && !env.redisUrl)) {
    definePipelineJobs();
    defineImportJobs();
  }
}
