import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '@zapdesk/core';

/**
 * The translated text of every error code (spec 1 §8, spec 3 §8 and ours). The Record type makes a new code in
 * core/errors.ts a compile error here until it has a text. Source texts = core's ERROR_TEXT (pt-BR).
 */
export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  ERR_NO_OTHER_WHATSAPP: msg`Deve haver pelo menos uma conexão padrão.`,
  ERR_NAME_EXISTS: msg`Já existe um registro com este nome.`,
  ERR_NO_DEF_WAPP_FOUND: msg`Nenhuma conexão padrão encontrada.`,
  ERR_WAPP_NOT_INITIALIZED: msg`Esta conexão não foi inicializada.`,
  ERR_WAPP_CHECK_CONTACT: msg`Não foi possível verificar o contato do WhatsApp.`,
  ERR_WAPP_INVALID_CONTACT: msg`Este não é um número de WhatsApp válido.`,
  ERR_WAPP_DOWNLOAD_MEDIA: msg`Não foi possível baixar a mídia do WhatsApp.`,
  ERR_INVALID_CREDENTIALS_EMAIL: msg`E-mail não encontrado.`,
  ERR_INVALID_CREDENTIALS_PASSWORD: msg`Senha incorreta.`,
  ERR_INVALID_CREDENTIALS: msg`Erro de autenticação. Por favor, tente novamente.`,
  ERR_SENDING_WAPP_MSG: msg`Erro ao enviar mensagem do WhatsApp.`,
  ERR_DELETE_WAPP_MSG: msg`Não foi possível excluir a mensagem do WhatsApp.`,
  ERR_OTHER_OPEN_TICKET: msg`Já existe um ticket aberto para este contato.`,
  ERR_SESSION_EXPIRED: msg`Sessão expirada. Por favor entre.`,
  ERR_USER_CREATION_DISABLED: msg`A criação do usuário foi desabilitada pelo administrador.`,
  ERR_NO_PERMISSION: msg`Você não tem permissão para acessar este recurso.`,
  ERR_DUPLICATED_CONTACT: msg`Já existe um contato com este número.`,
  ERR_NO_SETTING_FOUND: msg`Nenhuma configuração encontrada com este ID.`,
  ERR_NO_CONTACT_FOUND: msg`Nenhum contato encontrado com este ID.`,
  ERR_NO_TICKET_FOUND: msg`Nenhum ticket encontrado com este ID.`,
  ERR_NO_USER_FOUND: msg`Nenhum usuário encontrado com este ID.`,
  ERR_NO_WAPP_FOUND: msg`Nenhum WhatsApp encontrado com este ID.`,
  ERR_CREATING_MESSAGE: msg`Erro ao criar mensagem no banco de dados.`,
  ERR_CREATING_TICKET: msg`Erro ao criar ticket no banco de dados.`,
  ERR_FETCH_WAPP_MSG: msg`Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.`,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: msg`Esta cor já está em uso, escolha outra.`,
  ERR_WAPP_GREETING_REQUIRED: msg`A mensagem de saudação é obrigatória quando há mais de uma fila.`,
  ERR_NO_LIMIT_USER: msg`Limite de usuários do plano atingido.`,
  ERR_NO_COMPANY_PLAN: msg`A empresa não possui plano.`,
  ERR_NO_LIMIT_WHATSAPP: msg`Limite de conexões do plano atingido.`,
  ERR_VALIDATION: msg`Dados inválidos.`,
  ERR_NOT_FOUND: msg`Registro não encontrado.`,
  ERR_UNAUTHORIZED: msg`Sessão inválida.`,
  ERR_TOO_MANY_REQUESTS: msg`Muitas tentativas. Aguarde e tente novamente.`,
  ERR_PLAN_FEATURE_DISABLED: msg`Recurso não disponível no plano da empresa.`,
  ERR_EMAIL_ALREADY_EXISTS: msg`Já existe um usuário com este e-mail.`,
  ERR_COMPANY_INACTIVE: msg`Empresa desativada.`,
  ERR_INTERNAL: msg`An error occurred!`,
  ERR_SERVICE_UNAVAILABLE: msg`Serviço temporariamente indisponível. Tente novamente em instantes.`,
  ERR_INVALID_TICKET_TRANSITION: msg`Este ticket não está mais neste estado. Atualize a lista.`,
  ERR_PAYLOAD_TOO_LARGE: msg`Conteúdo grande demais.`,
  ERR_MEDIA_TYPE_NOT_ALLOWED: msg`Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.`,
  ERR_WAPP_NOT_CONNECTED: msg`A conexão não está conectada ao WhatsApp. Tente novamente mais tarde.`,
  ERR_WAPP_SEND_FAILED: msg`O WhatsApp não aceitou a mensagem; ela não foi enviada.`,
  ERR_IDEMPOTENCY_KEY_REUSED: msg`Esta Idempotency-Key já foi usada com outro conteúdo nas últimas 24 horas.`,
  ERR_IDEMPOTENCY_IN_PROGRESS: msg`Uma chamada com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.`,
  ERR_API_DEFAULT_WHATSAPP: msg`A conexão padrão não pode ser usada para enviar mensagens pela API. Escolha outra conexão.`,
  ERR_INVALID_CAMPAIGN_TRANSITION: msg`A campanha não está mais neste estado. Atualize a página.`,
};

/**
 * The spec's validation texts (spec 1 §5, core's user.fields TEXT) — the API sends them as the message of
 * ERR_VALIDATION and the forms show them; kept literally in pt-BR as the spec gives them.
 */
export const VALIDATION_MESSAGES: Record<string, MessageDescriptor> = {
  Required: msg`Required`,
  'Too Short!': msg`Too Short!`,
  'Too Long!': msg`Too Long!`,
  'Invalid email': msg`Invalid email`,
  // tag / contact-category name (spec 2 §5), colours of tags and queues (core schemas)
  Obrigatório: msg`Obrigatório`,
  'Mensagem muito curta': msg`Mensagem muito curta`,
  'Nome muito longo': msg`Nome muito longo`,
  'Cor inválida': msg`Cor inválida`,
  'Escolha uma cor da paleta': msg`Escolha uma cor da paleta`,
  // contact spreadsheets and company logo (core contacts/import-sheet, settings/company-settings.schemas)
  'Envie uma planilha .xlsx': msg`Envie uma planilha .xlsx`,
  'Planilha muito grande (máximo 5 MB)': msg`Planilha muito grande (máximo 5 MB)`,
  'A planilha está vazia': msg`A planilha está vazia`,
  'A planilha precisa das colunas name e number (veja o modelo)': msg`A planilha precisa das colunas name e number (veja o modelo)`,
  'A planilha excede o limite de 10000 linhas': msg`A planilha excede o limite de 10000 linhas`,
  'A logo deve ser uma imagem PNG ou JPG': msg`A logo deve ser uma imagem PNG ou JPG`,
  'A logo deve ter no máximo 2 MB': msg`A logo deve ter no máximo 2 MB`,
  'Dados da empresa inválidos': msg`Dados da empresa inválidos`,
  'Máximo de 50 informações adicionais': msg`Máximo de 50 informações adicionais`,
  // refused contact import rows (core IMPORT_ROW_TEXTS: Portuguese, naming the field)
  'Nome obrigatório': msg`Nome obrigatório`,
  'Nome muito curto (mínimo 2 caracteres)': msg`Nome muito curto (mínimo 2 caracteres)`,
  'Nome muito longo (máximo 50 caracteres)': msg`Nome muito longo (máximo 50 caracteres)`,
  'Número obrigatório': msg`Número obrigatório`,
  'Número muito curto (mínimo 8 dígitos)': msg`Número muito curto (mínimo 8 dígitos)`,
  'Número muito longo (máximo 50 caracteres)': msg`Número muito longo (máximo 50 caracteres)`,
  'E-mail inválido': msg`E-mail inválido`,
  // schedules (spec 2 §5 and ours: core SCHEDULE_TEXTS) and their media (core MEDIA_TEXT)
  'Selecione um contato': msg`Selecione um contato`,
  'O texto não pode ficar vazio': msg`O texto não pode ficar vazio`,
  'O texto não pode ser menor do que 6 caracteres': msg`O texto não pode ser menor do que 6 caracteres`,
  'O texto pode ter no máximo 4096 caracteres': msg`O texto pode ter no máximo 4096 caracteres`,
  'Informe a data de envio': msg`Informe a data de envio`,
  'Data de envio inválida': msg`Data de envio inválida`,
  'A data de envio não pode estar no passado': msg`A data de envio não pode estar no passado`,
  'A data de envio pode ser no máximo daqui a dois anos': msg`A data de envio pode ser no máximo daqui a dois anos`,
  'As repetições devem ser um número inteiro maior ou igual a 0': msg`As repetições devem ser um número inteiro maior ou igual a 0`,
  'No máximo 1000 repetições': msg`No máximo 1000 repetições`,
  'Tipo de mensagem inválido': msg`Tipo de mensagem inválido`,
  'Tipo de agendamento inválido': msg`Tipo de agendamento inválido`,
  'Selecione um arquivo de mídia': msg`Selecione um arquivo de mídia`,
  'Nome do arquivo muito longo': msg`Nome do arquivo muito longo`,
  'Fuso horário inválido': msg`Fuso horário inválido`,
  'Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.': msg`Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.`,
  'O arquivo está vazio.': msg`O arquivo está vazio.`,
};

export const GENERIC_ERROR = msg`An error occurred!`;
