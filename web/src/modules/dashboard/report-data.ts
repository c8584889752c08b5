import type { ReportData } from '@zapdesk/core';
import { apiJson } from '../../lib/api';
import { type DashFilter, dashQuery, type ReportFilter, reportQuery } from './report-query';

export { type DashFilter, dashQuery, type ReportFilter, reportFilterOf, reportQuery } from './report-query';

/**
 * Report data of spec 3 §3 (core `ReportData`: times in whole seconds, plus which tickets counted), the answer of
 * `GET /dash/attendances` and `GET /report/attendances` (the body IS the object).
 */
export type { ReportData };

export const fetchDash = (f: DashFilter) => apiJson<ReportData>('GET', `/dash/attendances?${dashQuery(f)}`);

export const fetchReport = (f: ReportFilter) => apiJson<ReportData>('GET', `/report/attendances?${reportQuery(f)}`);
