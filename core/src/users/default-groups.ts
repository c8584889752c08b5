import { DEFAULT_GROUP_FLAGS, type PermissionGroupFlags } from '../permissions/capabilities';

/**
 * Permission groups created when a company has none (spec 1 §7). The spec names them; the flag sets are ours
 * (recorded in docs/DECISIONS.md): Administradores may do everything, Gerentes supervise (dashboard, export,
 * pending tickets, no administration menu), Operacionais attend their queues only.
 */
export const DEFAULT_GROUPS: readonly { name: string; flags: PermissionGroupFlags }[] = [
  {
    name: 'Administradores',
    flags: {
      allowNoQueue: true,
      allowMultipleTickets: true,
      viewMessagesByTicket: 0,
      disableGreeting: false,
      disableSignature: false,
      enableAdministration: true,
      enableDash: true,
      allowCategorizeContacts: true,
      allowCreateCategoryContacts: true,
      allowViewPendingTickets: true,
      allowTicketExport: true,
    },
  },
  {
    name: 'Gerentes',
    flags: {
      ...DEFAULT_GROUP_FLAGS,
      allowNoQueue: true,
      allowMultipleTickets: false,
      enableAdministration: false,
      enableDash: true,
      allowCategorizeContacts: true,
      allowCreateCategoryContacts: true,
      allowViewPendingTickets: true,
      allowTicketExport: true,
    },
  },
  {
    name: 'Operacionais',
    flags: {
      ...DEFAULT_GROUP_FLAGS,
      allowNoQueue: false,
      allowMultipleTickets: false,
      enableAdministration: false,
      enableDash: false,
      allowCategorizeContacts: true,
      allowCreateCategoryContacts: false,
      allowViewPendingTickets: true,
      allowTicketExport: false,
    },
  },
];
