import { describe, expect, test } from 'bun:test';
import { CompanyCreateInput, type CompanyDto, CompanyUpdateInput } from '@zapdesk/core';
import { formatDay, formOf, NEW_COMPANY, payloadOf } from './company-values';

const stored: CompanyDto = {
  id: 7,
  name: 'Loja',
  companyName: null,
  slogan: null,
  email: 'loja@x.local',
  logoUrl: null,
  documentNumber: '11222333000181',
  inscrMunicipal: null,
  inscrEstadual: null,
  emailsOfNotifications: 'fin@x.local',
  whatsappsOfNotifications: null,
  address: { cep: '', street: '', numberAddress: '', complement: '', district: '', city: '', state: '', country: '' },
  observation: null,
  status: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  leadId: null,
  userName: 'Ana',
  numberAttendants: 3,
  numberConections: 2,
  planId: 1,
  planName: 'Básico',
  trialEndsAt: null,
  trial: { state: 'none' },
  usersCount: 1,
  connectionsCount: 0,
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

describe('company form values', () => {
  test('spec 3 §9 defaults of a new company, country Brasil', () => {
    expect(NEW_COMPANY).toMatchObject({
      numberAttendants: 1,
      numberConections: 1,
      status: 1,
      enableReports: true,
      enableDashboard: true,
      enableCampaigns: false,
      enableSchedules: true,
      enableBots: true,
      enableFlows: false,
    });
    expect(NEW_COMPANY.address.country).toBe('Brasil');
  });

  test('a stored company fills the form (nulls → empty, country Brasil when empty) and validates as an update', () => {
    const v = formOf(stored);
    expect(v.companyName).toBe('');
    expect(v.address.country).toBe('Brasil');
    expect(v.numberConections).toBe(2);
    expect(CompanyUpdateInput.safeParse(payloadOf(v, true)).success).toBe(true);
  });

  test('a non-master saves only the descriptive fields (no status, limits, flags or billing contacts)', () => {
    const sent = payloadOf({ ...formOf(stored), status: 0, numberAttendants: 99 }, false);
    for (const k of ['status', 'numberAttendants', 'numberConections', 'enableCampaigns', 'emailsOfNotifications'])
      expect(sent).not.toHaveProperty(k);
    expect(sent).toMatchObject({ name: 'Loja', email: 'loja@x.local' });
    expect(CompanyUpdateInput.safeParse(sent).success).toBe(true);
  });

  test('the create form reports the spec texts', () => {
    const r = CompanyCreateInput.safeParse({
      ...NEW_COMPANY,
      documentNumber: '123456789',
      userName: '',
      passwordDefault: '',
    });
    expect(r.success).toBe(false);
    const byField: Record<string, string> = {};
    // the form shows each field's first issue
    for (const i of r.error?.issues ?? []) byField[String(i.path[0])] ??= i.message;
    expect(byField.name).toBe('Nome é obrigatório');
    expect(byField.email).toBe('E-mail é obrigatório');
    expect(byField.documentNumber).toBe('O cpf deve conter 11 dígitos ou o CNPJ deve conter 14 dígitos');
  });

  test('dates as DD/MM/YYYY, nothing for a missing one', () => {
    expect(formatDay(new Date(2026, 10, 5, 12))).toBe('05/11/2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });
});
