import { platform } from '../../platform/index';
import { setInboundSink, setOnConnected } from '../whatsapp/whatsapp.sessions';
import { greetingReaction } from './pipeline.greeting';
import { defineImportJobs, maybeStartImport } from './pipeline.import';
import { ingestChannelEvent } from './pipeline.ingest';
import { definePipelineJobs } from './pipeline.jobs';
import { registerInboundReaction } from './pipeline.reactions';
import { startInboundRecovery } from './pipeline.recovery';

/**
 * Startup step of the inbound pipeline, before the connections' (startWhatsappArea restores sessions that may emit
 * at once): what the connections report goes to the raw log (the inbound sink), a connection reaching CONNECTED may
 * start its history import, and the processing and import jobs get their handlers.
 */
export function startPipelineArea(opts: { role: 'api' | 'worker' | 'cli' }): void {
  setInboundSink(ingestChannelEvent);
  setOnConnected(maybeStartImport);
  // the after-inbound reactions of this area (others register theirs in their own startup step)
  registerInboundReaction(greetingReaction);
  // a worker sharing PostgreSQL without Redis cannot reach the sessions (no relay, they all run in the API process):
  // the jobs that need one (greetings, history import) stay with the API process
  const env = platform().env;
  if (!(opts.role === 'worker' && env.databaseUrl && !env.redisUrl)) {
    definePipelineJobs();
    defineImportJobs();
    // where the pipeline's jobs run: re-queue raw logs whose job was lost (Redis restarted, a crash in between)
    if (opts.role === 'worker' || (opts.role === 'api' && env.workersInApi)) startInboundRecovery();
  }
}
