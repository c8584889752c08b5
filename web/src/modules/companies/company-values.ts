import { type CompanyDto, formatDocumentNumber } from '@zapdesk/core';
import type { CompanyValues } from './companies-api';

/**
 * Spec 3 §9: a new company's defaults (limits 1, active, reports, dashboard, schedules and bots on; campaigns and
 * flows off); country Brasil. The chosen plan's flags and limits replace them unless the master changes them here.
 */
export const NEW_COMPANY: CompanyValues = {
  name: '',
  companyName: '',
  slogan: '',
  email: '',
  documentNumber: '',
  inscrMunicipal: '',
  inscrEstadual: '',
  emailsOfNotifications: '',
  whatsappsOfNotifications: '',
  address: {
    cep: '',
    street: '',
    numberAddress: '',
    complement: '',
    district: '',
    city: '',
    state: '',
    country: 'Brasil',
  },
  observation: '',
  status: 1,
  numberAttendants: 1,
  numberConections: 1,
  enableReports: true,
  enableDashboard: true,
  enableCampaigns: false,
  enableSchedules: true,
  enableApi: true,
  enableBots: true,
  enableFlows: false,
  iaIntegrationEnabled: false,
  campaignSendLimitPerHour: 0,
};

/** The form's values of a stored company (nulls → '', country Brasil when empty). */
export const formOf = (c: CompanyDto): CompanyValues => ({
  ...NEW_COMPANY,
  name: c.name,
  companyName: c.companyName ?? '',
  slogan: c.slogan ?? '',
  email: c.email ?? '',
  documentNumber: formatDocumentNumber(c.documentNumber),
  inscrMunicipal: c.inscrMunicipal ?? '',
  inscrEstadual: c.inscrEstadual ?? '',
  emailsOfNotifications: c.emailsOfNotifications ?? '',
  whatsappsOfNotifications: c.whatsappsOfNotifications ?? '',
  address: { ...NEW_COMPANY.address, ...(c.address ?? {}), country: c.address?.country || 'Brasil' },
  observation: c.observation ?? '',
  status: c.status,
  numberAttendants: c.numberAttendants,
  numberConections: c.numberConections,
  enableReports: c.enableReports,
  enableDashboard: c.enableDashboard,
  enableCampaigns: c.enableCampaigns,
  enableSchedules: c.enableSchedules,
  enableApi: c.enableApi,
  enableBots: c.enableBots,
  enableFlows: c.enableFlows,
  iaIntegrationEnabled: c.iaIntegrationEnabled,
  campaignSendLimitPerHour: c.campaignSendLimitPerHour,
});

/**
 * What a save sends: the master every field; a payPanelAccess user on their own company the descriptive fields only
 * (status, limits, flags and the billing contacts are the master's: spec 3 §6).
 */
export function payloadOf(v: CompanyValues, master: boolean): Record<string, unknown> {
  if (master) return v;
  const {
    status: _s,
    numberAttendants: _a,
    numberConections: _c,
    campaignSendLimitPerHour: _l,
    enableReports: _1,
    enableDashboard: _2,
    enableCampaigns: _3,
    enableSchedules: _4,
    enableApi: _5,
    enableBots: _6,
    enableFlows: _7,
    iaIntegrationEnabled: _8,
    emailsOfNotifications: _e,
    whatsappsOfNotifications: _w,
    ...descriptive
  } = v;
  return descriptive;
}

/** DD/MM/YYYY (spec 3 §1), local time; '' for a missing or invalid date. */
export function formatDay(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`;
}
