import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Translated names of every screen/area: drawer labels (keys = core's `drawerEntries` keys) and the titles of the
 * pages that are still "em construção". One table so the drawer and the pages say the same thing.
 */
export const AREA_LABELS = {
  // drawer: every user
  connections: msg`Conexões`,
  tickets: msg`Tickets`,
  contacts: msg`Contatos`,
  schedules: msg`Agendamentos`,
  quickAnswers: msg`Respostas Rápidas`,
  // drawer: admin
  dashboard: msg`Dashboard`,
  campaigns: msg`Campanhas`,
  // drawer: administration menu
  reports: msg`Relatórios`,
  users: msg`Usuários`,
  tags: msg`Tags`,
  queues: msg`Filas`,
  locations: msg`Localizações`,
  botSetups: msg`Bots`,
  aiIntegration: msg`Integração IA`,
  flows: msg`Fluxos`,
  api: msg`API`,
  settings: msg`Configurações`,
  financial: msg`Painel Financeiro`,
  // drawer: SaaS menu
  companies: msg`Empresas`,
  plans: msg`Planos`,
  notificationTemplates: msg`Modelos de Notificação`,
  invoices: msg`Faturas`,
  systemControl: msg`Controle do Sistema`,
  mailOutbox: msg`E-mails Enviados`,
  // other screens
  campaignSetups: msg`Configurações de Campanha`,
  campaignsManager: msg`Gerenciar Campanha`,
  campaignsCreator: msg`Criar Campanha`,
  bots: msg`Comandos do Bot`,
  userAuthorizations: msg`Grupos de Permissões`,
  categoryContact: msg`Categorias de Contatos`,
  flowManager: msg`Editor de Fluxo`,
  notificationTemplateManager: msg`Editor de Modelo de Notificação`,
  apiSendMessage: msg`Tokens de API`,
  apiDocs: msg`Documentação da API`,
  internalDocs: msg`Documentação Interna`,
  messageLogs: msg`Logs de Mensagens`,
  createCompany: msg`Nova Empresa`,
  companyManager: msg`Gerenciar Empresa`,
  integration: msg`Integrações`,
  scheduleAction: msg`Ações Agendadas`,
  maps: msg`Mapas`,
  kanban: msg`Kanban`,
  store: msg`Planos e Assinatura`,
  subscription: msg`Cadastro`,
  notificationRedirect: msg`Redirecionando`,
} satisfies Record<string, MessageDescriptor>;

export type AreaKey = keyof typeof AREA_LABELS;

export const SECTION_LABELS = {
  admin: msg`Gestão`,
  administration: msg`Administração`,
  saas: msg`Administração SaaS`,
} satisfies Record<string, MessageDescriptor>;
