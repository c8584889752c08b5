/**
 * The spec's error catalogue (spec 1 §8, spec 3 §8) plus the few codes we add.
 * One HTTP status per code, in one table. The API answers `{ error, message }`.
 */
export const ERROR_STATUS = {
  // spec 1 §8
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NAME_EXISTS: 409,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS_EMAIL: 401,
  ERR_INVALID_CREDENTIALS_PASSWORD: 401,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_NO_LIMIT_USER: 403,
  ERR_NO_COMPANY_PLAN: 403,
  ERR_NO_LIMIT_WHATSAPP: 403,
  // ours
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  ERR_UNAUTHORIZED: 401,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_COMPANY_INACTIVE: 403,
  ERR_INTERNAL: 500,
  /** the database or Redis is unreachable for a moment: nothing was done, the client may retry */
  ERR_SERVICE_UNAVAILABLE: 503,
  ERR_INVALID_TICKET_TRANSITION: 409,
  ERR_PAYLOAD_TOO_LARGE: 413,
  // message API (spec 2 §7 "Outbound message API")
  /** an uploaded file's type is not in the platform's allowlist */
  ERR_MEDIA_TYPE_NOT_ALLOWED: 400,
  /** the token's connection is not connected to WhatsApp right now: nothing was sent, retry later */
  ERR_WAPP_NOT_CONNECTED: 503,
  /** WhatsApp refused or did not confirm the message: it was NOT sent (or its fate is unknown) */
  ERR_WAPP_SEND_FAILED: 503,
  /** the same Idempotency-Key with a different request within 24 h */
  ERR_IDEMPOTENCY_KEY_REUSED: 422,
  /** the first request with this Idempotency-Key is still running */
  ERR_IDEMPOTENCY_IN_PROGRESS: 409,
  /** the API token's connection is the company's default connection (spec 2 §5) */
  ERR_API_DEFAULT_WHATSAPP: 400,
  /** a campaign or dispatch move its state does not allow (core/src/campaigns/campaign-machine.ts) */
  ERR_INVALID_CAMPAIGN_TRANSITION: 409,
  ERR_CAMPAIGN_SETUP_DEFAULT_WHATSAPP: 400,
  ERR_CAMPAIGN_SETUP_IN_USE: 409,
  /** a connection belongs to at most one bot setup (spec 2 issue 16) */
  ERR_BOT_WHATSAPP_IN_USE: 409,
  /** the places search (geocoding port) did not answer in time */
  ERR_GEOCODER_TIMEOUT: 504,
  /** the places search failed (unreachable, refused, malformed answer) */
  ERR_GEOCODER_UNAVAILABLE: 502,
  /** a sign-up link (lead) unknown or expired (public store) */
  ERR_LEAD_NOT_FOUND: 404,
  /** the sign-up link was already used: the company exists */
  ERR_LEAD_COMPLETED: 409,
  /** the sign-up e-mail cannot be used — the same words whoever owns it (no account is revealed) */
  ERR_SIGNUP_EMAIL_UNAVAILABLE: 409,
  /** the sign-up's CPF/CNPJ already belongs to a company: one free trial per document */
  ERR_SIGNUP_DOCUMENT_UNAVAILABLE: 409,
  /** the store's plan is not public and active (any more) */
  ERR_PLAN_UNAVAILABLE: 400,
  /** the payment gateway did not cancel an invoice's payment: the invoice was kept (DELETE /invoice/{id}) */
  ERR_PAYMENT_GATEWAY_UNAVAILABLE: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default human texts (pt-BR, the source locale). The web translates by code. */
export const ERROR_TEXT: Record<ErrorCode, string> = {
  ERR_NO_OTHER_WHATSAPP: 'Deve haver pelo menos uma conexão padrão.',
  ERR_NAME_EXISTS: 'Já existe um registro com este nome.',
  ERR_NO_DEF_WAPP_FOUND: 'Nenhuma conexão padrão encontrada.',
  ERR_WAPP_NOT_INITIALIZED: 'Esta conexão não foi inicializada.',
  ERR_WAPP_CHECK_CONTACT: 'Não foi possível verificar o contato do WhatsApp.',
  ERR_WAPP_INVALID_CONTACT: 'Este não é um número de WhatsApp válido.',
  ERR_WAPP_DOWNLOAD_MEDIA: 'Não foi possível baixar a mídia do WhatsApp.',
  ERR_INVALID_CREDENTIALS_EMAIL: 'E-mail não encontrado.',
  ERR_INVALID_CREDENTIALS_PASSWORD: 'Senha incorreta.',
  ERR_INVALID_CREDENTIALS: 'Erro de autenticação. Por favor, tente novamente.',
  ERR_SENDING_WAPP_MSG: 'Erro ao enviar mensagem do WhatsApp.',
  ERR_DELETE_WAPP_MSG: 'Não foi possível excluir a mensagem do WhatsApp.',
  ERR_OTHER_OPEN_TICKET: 'Já existe um ticket aberto para este contato.',
  ERR_SESSION_EXPIRED: 'Sessão expirada. Por favor entre.',
  ERR_USER_CREATION_DISABLED: 'A criação do usuário foi desabilitada pelo administrador.',
  ERR_NO_PERMISSION: 'Você não tem permissão para acessar este recurso.',
  ERR_DUPLICATED_CONTACT: 'Já existe um contato com este número.',
  ERR_NO_SETTING_FOUND: 'Nenhuma configuração encontrada com este ID.',
  ERR_NO_CONTACT_FOUND: 'Nenhum contato encontrado com este ID.',
  ERR_NO_TICKET_FOUND: 'Nenhum ticket encontrado com este ID.',
  ERR_NO_USER_FOUND: 'Nenhum usuário encontrado com este ID.',
  ERR_NO_WAPP_FOUND: 'Nenhum WhatsApp encontrado com este ID.',
  ERR_CREATING_MESSAGE: 'Erro ao criar mensagem no banco de dados.',
  ERR_CREATING_TICKET: 'Erro ao criar ticket no banco de dados.',
  ERR_FETCH_WAPP_MSG: 'Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.',
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Esta cor já está em uso, escolha outra.',
  ERR_WAPP_GREETING_REQUIRED: 'A mensagem de saudação é obrigatória quando há mais de uma fila.',
  ERR_NO_LIMIT_USER: 'Limite de usuários do plano atingido.',
  ERR_NO_COMPANY_PLAN: 'A empresa não possui plano.',
  ERR_NO_LIMIT_WHATSAPP: 'Limite de conexões do plano atingido.',
  ERR_VALIDATION: 'Dados inválidos.',
  ERR_NOT_FOUND: 'Registro não encontrado.',
  ERR_UNAUTHORIZED: 'Sessão inválida.',
  ERR_TOO_MANY_REQUESTS: 'Muitas tentativas. Aguarde e tente novamente.',
  ERR_PLAN_FEATURE_DISABLED: 'Recurso não disponível no plano da empresa.',
  ERR_EMAIL_ALREADY_EXISTS: 'Já existe um usuário com este e-mail.',
  ERR_COMPANY_INACTIVE: 'Empresa desativada.',
  ERR_INTERNAL: 'An error occurred!',
  ERR_SERVICE_UNAVAILABLE: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  ERR_INVALID_TICKET_TRANSITION: 'Este ticket não está mais neste estado. Atualize a lista.',
  ERR_PAYLOAD_TOO_LARGE: 'Conteúdo grande demais.',
  ERR_MEDIA_TYPE_NOT_ALLOWED: 'Tipo de arquivo não permitido. Envie png, jpg, pdf, mp4, mp3 ou ogg.',
  ERR_WAPP_NOT_CONNECTED: 'A conexão não está conectada ao WhatsApp. Tente novamente mais tarde.',
  ERR_WAPP_SEND_FAILED: 'O WhatsApp não aceitou a mensagem; ela não foi enviada.',
  ERR_IDEMPOTENCY_KEY_REUSED: 'Esta Idempotency-Key já foi usada com outro conteúdo nas últimas 24 horas.',
  ERR_IDEMPOTENCY_IN_PROGRESS:
    'Uma chamada com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.',
  ERR_API_DEFAULT_WHATSAPP:
    'A conexão padrão não pode ser usada para enviar mensagens pela API. Escolha outra conexão.',
  ERR_INVALID_CAMPAIGN_TRANSITION: 'A campanha não está mais neste estado. Atualize a página.',
  ERR_CAMPAIGN_SETUP_DEFAULT_WHATSAPP: 'precisa de uma conexão não default para fazer o envio das mensagens',
  ERR_CAMPAIGN_SETUP_IN_USE:
    'Esta configuração é usada por campanhas não finalizadas. Conclua-as ou troque a configuração antes de excluir.',
  ERR_BOT_WHATSAPP_IN_USE: 'Esta conexão já pertence a outra configuração de bot.',
  ERR_GEOCODER_TIMEOUT: 'A busca de endereços demorou demais. Tente novamente.',
  ERR_GEOCODER_UNAVAILABLE: 'A busca de endereços não está disponível no momento.',
  ERR_LEAD_NOT_FOUND: 'Link de cadastro inválido ou expirado. Escolha um plano para começar de novo.',
  ERR_LEAD_COMPLETED: 'Este cadastro já foi concluído. Entre com o e-mail e a senha que você recebeu.',
  ERR_SIGNUP_EMAIL_UNAVAILABLE:
    'Não foi possível concluir o cadastro com este e-mail. Entre com a sua conta ou use outro e-mail.',
  ERR_PLAN_UNAVAILABLE: 'Este plano não está disponível. Escolha outro plano.',
  ERR_SIGNUP_DOCUMENT_UNAVAILABLE:
    'Este CPF ou CNPJ já tem um cadastro e não pode iniciar outro período de teste. Entre com a conta existente ou fale conosco.',
  ERR_PAYMENT_GATEWAY_UNAVAILABLE:
    'O gateway de pagamento não cancelou a cobrança desta fatura. A fatura foi mantida; tente excluir novamente.',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ERROR_TEXT[code]);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

/** Result type for pure rules that refuse instead of throwing. */
export type Result<T, E extends ErrorCode = ErrorCode> =
  | { ok: true; value: T }
  | { ok: false; error: E; message?: string };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const refuse = <E extends ErrorCode>(error: E, message?: string): Result<never, E> => ({
  ok: false,
  error,
  message,
});
