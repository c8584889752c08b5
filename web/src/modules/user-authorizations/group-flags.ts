import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PermissionGroupFlags } from '@zapdesk/core';

export type BooleanFlag = Exclude<keyof PermissionGroupFlags, 'viewMessagesByTicket'>;

/** Every boolean flag of a permission group (spec 1 §3, §6), in the order the dialog shows them, with its meaning. */
export const GROUP_FLAGS: { key: BooleanFlag; label: MessageDescriptor; description: MessageDescriptor }[] = [
  {
    key: 'enableAdministration',
    label: msg`Menu de administração`,
    description: msg`Administradores do grupo veem relatórios, usuários, filas, tags, configurações…`,
  },
  { key: 'enableDash', label: msg`Dashboard`, description: msg`Administradores do grupo veem o dashboard.` },
  {
    key: 'allowViewPendingTickets',
    label: msg`Ver tickets pendentes`,
    description: msg`Pode abrir os tickets que aguardam atendimento.`,
  },
  {
    key: 'allowNoQueue',
    label: msg`Tickets sem fila`,
    description: msg`Vê e atende tickets que ainda não têm fila.`,
  },
  {
    key: 'allowMultipleTickets',
    label: msg`Vários tickets por contato`,
    description: msg`Permite mais de um ticket aberto para o mesmo contato.`,
  },
  {
    key: 'allowTicketExport',
    label: msg`Exportar tickets`,
    description: msg`Mostra o botão de exportação de conversas.`,
  },
  {
    key: 'allowCategorizeContacts',
    label: msg`Categorizar contatos`,
    description: msg`Pode atribuir categorias aos contatos.`,
  },
  {
    key: 'allowCreateCategoryContacts',
    label: msg`Criar categorias de contatos`,
    description: msg`Pode gerenciar as categorias de contatos.`,
  },
  {
    key: 'disableGreeting',
    label: msg`Desativar saudação`,
    description: msg`Esconde a chave de saudação da barra superior.`,
  },
  {
    key: 'disableSignature',
    label: msg`Desativar assinatura`,
    description: msg`Esconde a opção de assinar as mensagens.`,
  },
];

/** viewMessagesByTicket (spec 1 §3): 0 all messages of the contact, 1 only the user's, 2 separated by ticket. */
export const VIEW_MESSAGES_OPTIONS: { value: 0 | 1 | 2; label: MessageDescriptor }[] = [
  { value: 0, label: msg`Todas as mensagens do contato` },
  { value: 1, label: msg`Somente as mensagens do usuário` },
  { value: 2, label: msg`Separadas por ticket` },
];
