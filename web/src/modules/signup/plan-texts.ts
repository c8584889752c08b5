import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BillingType, Recurrence } from '@zapdesk/core';

/** The store's period picker (spec 3 §4: month1, months3, months6, months12) */
export const RECURRENCE_LABELS: Record<Recurrence, MessageDescriptor> = {
  month1: msg`Mensal`,
  months3: msg`Trimestral`,
  months6: msg`Semestral`,
  months12: msg`Anual`,
};

/** spec 3 §4: CREDIT_CARD, PIX (default), BOLETO */
export const BILLING_LABELS: Record<BillingType, MessageDescriptor> = {
  PIX: msg`PIX`,
  CREDIT_CARD: msg`Cartão de crédito`,
  BOLETO: msg`Boleto`,
};

/** The plan flags a store visitor reads as features */
export const FEATURE_LABELS = {
  enableDashboard: msg`Dashboard`,
  enableReports: msg`Relatórios`,
  enableSchedules: msg`Agendamentos`,
  enableCampaigns: msg`Campanhas`,
  enableBots: msg`Chatbots`,
  enableFlows: msg`Fluxos`,
  enableApi: msg`API de mensagens`,
  iaIntegrationEnabled: msg`Integração com IA`,
} as const satisfies Record<string, MessageDescriptor>;
