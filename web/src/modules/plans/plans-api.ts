import type { BillingType, PlanCreateInput, PlanDto, PlanPageDto, PublicPlanDto, Recurrence } from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** The plan modal's values: core's PlanCreateInput as the form holds them (prices as typed, in reais). */
export type PlanForm = {
  name: string;
  slogan: string;
  description: string;
  numberAttendants: number;
  numberConnections: number;
  status: boolean;
  isStandard: boolean;
  isPublic: boolean;
  automaticInvoice: boolean;
  recurrence: Recurrence;
  billingType: BillingType;
  highlighted: 0 | 1 | 2;
  media: string;
  enableReports: boolean;
  enableDashboard: boolean;
  enableCampaigns: boolean;
  enableSchedules: boolean;
  enableApi: boolean;
  enableBots: boolean;
  enableFlows: boolean;
  iaIntegrationEnabled: boolean;
  campaignSendLimitPerHour: number;
  value1Month: string;
  value3Months: string;
  value6Months: string;
  value12Months: string;
};

const call = async <T>(answer: ReturnType<typeof parseResponse>): Promise<T> => (await answer) as T;

/** what the modal sends (core's schema's input side) */
export type PlanInputRaw = z.input<typeof PlanCreateInput>;

/** `GET /plan/` (searchParam, pageNumber) → `{ plans, hasMore }` (spec 3 §7). */
export async function fetchPlansPage(searchParam: string, pageNumber: number): Promise<Page<PlanDto>> {
  const r = await call<PlanPageDto>(
    parseResponse(api.plan.$get({ query: { searchParam, pageNumber: String(pageNumber) } })),
  );
  return { items: r.plans, hasMore: r.hasMore };
}
export const fetchPlan = (id: number) =>
  call<PlanDto>(parseResponse(api.plan[':id'].$get({ param: { id: String(id) } })));
export const createPlan = (input: PlanInputRaw) => call<PlanDto>(parseResponse(api.plan.$post({ json: input })));
export const updatePlan = (id: number, input: PlanInputRaw) =>
  call<PlanDto>(parseResponse(api.plan[':id'].$put({ param: { id: String(id) }, json: input })));
export const deletePlan = (id: number) =>
  call<unknown>(parseResponse(api.plan[':id'].$delete({ param: { id: String(id) } })));
/** `GET /publicplan`: the plans a company may pick (spec 3 §6). */
export const fetchPublicPlans = () => call<PublicPlanDto[]>(parseResponse(api.publicplan.$get()));
