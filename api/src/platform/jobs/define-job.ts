import { z } from 'zod';
import { platform } from '../index';
import { countRunning } from './running';
import { type JobInfo, type JobOpts, type Jobs, UnrecoverableJobError } from './types';

/**
 * Typed jobs (issue 11, point 6): one definition gives the name, the payload's zod schema (always with the company:
 * `{ companyId }` is added to every schema) and the handler, which receives the parsed payload. The payload is
 * validated when enqueued (a caller's mistake throws at the call) and again when run (a job stored by an older
 * version, or added untyped, fails at once without using its retries). The same on both runners: it sits on the
 * Jobs port.
 *
 *   export const sendSchedule = defineJob('schedules.send', z.object({ scheduleId: z.number().int() }),
 *     async ({ companyId, scheduleId }) => { … }, { attempts: 3, backoff: { type: 'exponential', delay: 1000 } });
 *   await sendSchedule.enqueue({ companyId, scheduleId }, { delay });   // from a service
 *   sendSchedule.register();                                            // startup step
 */
export const jobCompanyId = z.number().int().positive();

export type JobRun = { id: string; attemptsMade: number };

/** Per-call options; the job's company is the payload's. */
export type EnqueueOpts = Omit<JobOpts, 'companyId'> & {
  /** the runner to use; default the platform's */
  jobs?: Jobs;
};

export type JobDefinition<Data extends { companyId: number }, Input = Data> = {
  readonly name: string;
  readonly schema: z.ZodType<Data, Input>;
  /** Validates the payload and queues the job (the defaults of the definition, then `opts`). */
  enqueue(data: Input, opts?: EnqueueOpts): Promise<JobInfo>;
  /** Registers the handler on a runner (a startup step); default the platform's. */
  register(jobs?: Jobs): void;
};

export type JobDefaults = Omit<JobOpts, 'companyId' | 'jobId'> & { concurrency?: number };

const names = new Set<string>();

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

export function defineJob<Shape extends z.ZodRawShape>(
  name: string,
  schema: z.ZodObject<Shape>,
  handler: (data: z.output<z.ZodObject<Shape>> & { companyId: number }, job: JobRun) => Promise<unknown>,
  defaults: JobDefaults = {},
): JobDefinition<
  z.output<z.ZodObject<Shape>> & { companyId: number },
  z.input<z.ZodObject<Shape>> & { companyId: number }
> {
  if (names.has(name)) throw new Error(`job "${name}" is defined twice`);
  names.add(name);
  type Data = z.output<z.ZodObject<Shape>> & { companyId: number };
  type Input = z.input<z.ZodObject<Shape>> & { companyId: number };
  const full = schema.extend({ companyId: jobCompanyId }) as unknown as z.ZodType<Data, Input>;
  const { concurrency, ...jobDefaults } = defaults;

  return {
    name,
    schema: full,
    async enqueue(data, opts = {}) {
      const parsed = full.safeParse(data);
      if (!parsed.success) throw new Error(`invalid data for job "${name}": ${describeIssues(parsed.error)}`);
      const { jobs = platform().jobs, ...rest } = opts;
      // the caller's (validated) input is stored: run-time parsing then sees what enqueue saw
      return jobs.add(name, data, { ...jobDefaults, ...rest, companyId: parsed.data.companyId });
    },
    register(jobs = platform().jobs) {
      jobs.define(
        name,
        async (job) => {
          // jobs stored before typed jobs carry their company beside the payload only
          const data =
            job.data && typeof job.data === 'object' && !('companyId' in job.data) && job.companyId !== null
              ? { ...job.data, companyId: job.companyId }
              : job.data;
          const parsed = full.safeParse(data);
          if (!parsed.success) {
            throw new UnrecoverableJobError(`invalid data for job "${name}": ${describeIssues(parsed.error)}`);
          }
          return countRunning(() => handler(parsed.data, { id: job.id, attemptsMade: job.attemptsMade }));
        },
        concurrency === undefined ? {} : { concurrency },
      );
    },
  };
}
