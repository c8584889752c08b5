import { deleteCompanyJob } from './deletion.jobs';

/** Startup step of the SaaS administration: the company deletion job's handler (every process that runs jobs). */
export function startCompaniesArea(): void {
  deleteCompanyJob.register();
}
