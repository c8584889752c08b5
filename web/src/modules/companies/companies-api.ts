import type {
  CepLookupDto,
  CnpjLookupDto,
  CompanyCreateInput,
  CompanyDto,
  CompanyPageDto,
  CompanyPlanDto,
  CompanyUpdateInput,
} from '@zapdesk/core';
import { parseResponse } from 'hono/client';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { Page } from '../../ui/use-paged-list';

/** The company form's values (spec 3 §3), as core's CompanyUpdateInput / CompanyCreateInput read them. */
export type CompanyAddress = {
  cep: string;
  street: string;
  numberAddress: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  country: string;
};

/** what the forms send (core's schemas' input side) */
export type CompanyCreateInputRaw = z.input<typeof CompanyCreateInput>;
export type CompanyUpdateInputRaw = z.input<typeof CompanyUpdateInput>;

export type CompanyFlags = {
  enableReports: boolean;
  enableDashboard: boolean;
  enableCampaigns: boolean;
  enableSchedules: boolean;
  enableApi: boolean;
  enableBots: boolean;
  enableFlows: boolean;
  iaIntegrationEnabled: boolean;
};

export type CompanyValues = CompanyFlags & {
  name: string;
  companyName: string;
  slogan: string;
  email: string;
  documentNumber: string;
  inscrMunicipal: string;
  inscrEstadual: string;
  emailsOfNotifications: string;
  whatsappsOfNotifications: string;
  address: CompanyAddress;
  observation: string;
  status: 0 | 1;
  numberAttendants: number;
  numberConections: number;
  campaignSendLimitPerHour: number;
};

const call = async <T>(answer: ReturnType<typeof parseResponse>): Promise<T> => (await answer) as T;

/** `GET /company/` (searchParam, pageNumber) → `{ company, hasMore }` (spec 3 §7). */
export async function fetchCompaniesPage(searchParam: string, pageNumber: number): Promise<Page<CompanyDto>> {
  const r = await call<CompanyPageDto>(
    parseResponse(api.company.$get({ query: { searchParam, pageNumber: String(pageNumber) } })),
  );
  return { items: r.company, hasMore: r.hasMore };
}
export const fetchCompany = (id: number) =>
  call<CompanyDto>(parseResponse(api.company[':id'].$get({ param: { id: String(id) } })));
export const createCompany = (input: CompanyCreateInputRaw) =>
  call<CompanyDto>(parseResponse(api.company.$post({ json: input })));
export const updateCompany = (id: number, input: CompanyUpdateInputRaw) =>
  call<CompanyDto>(parseResponse(api.company[':id'].$put({ param: { id: String(id) }, json: input })));
export const deleteCompany = (id: number) =>
  call<unknown>(parseResponse(api.company[':id'].$delete({ param: { id: String(id) } })));
/** `GET /companyPlan/{companyId}`: the company's plan list (its current plan, or none). */
export const fetchCompanyPlans = (companyId: number) =>
  call<CompanyPlanDto[]>(
    parseResponse(api.companyPlan[':companyId'].$get({ param: { companyId: String(companyId) } })),
  );
/** `POST /savePlanInCompany/{companyId}/{planId}`: the company takes the plan's flags and limits. */
export const savePlanInCompany = (companyId: number, planId: number) =>
  call<CompanyDto>(
    parseResponse(
      api.savePlanInCompany[':companyId'][':planId'].$post({
        param: { companyId: String(companyId), planId: String(planId) },
      }),
    ),
  );

type Fields<T> = T extends Record<string, never> ? never : Partial<T>;

/** spec 3 §7 `GET /helper/cnpj/{digits}`: nome, fantasia, cep, logradouro… (`{}` when unknown or on failure) */
export async function lookupCnpj(digits: string): Promise<Fields<CnpjLookupDto>> {
  return (await parseResponse(api.helper.cnpj[':digits'].$get({ param: { digits } }))) as Fields<CnpjLookupDto>;
}

/** ours `GET /helper/cep/{cep}`: cep, logradouro, complemento, bairro, municipio, uf (`{}` when unknown) */
export async function lookupCep(cep: string): Promise<Fields<CepLookupDto>> {
  return (await parseResponse(api.helper.cep[':cep'].$get({ param: { cep } }))) as Fields<CepLookupDto>;
}
