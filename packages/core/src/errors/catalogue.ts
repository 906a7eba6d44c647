/**
 * The error catalogue of spec §7: every code Reelay answers, its HTTP status, the
 * Portuguese message people read, and what a client should do about it (the retry
 * class of §7 "Retry guidance").
 *
 * Clients decide on `code` only; messages may change. Codes are never removed or
 * repurposed within `/v1` (spec §9). Beyond the spec's table the catalogue adds a few
 * codes for situations the spec leaves open (`IDEMPOTENCY_KEY_REUSED`, `EMAIL_IN_USE`,
 * `REQUEST_TIMEOUT`, `HEADERS_TOO_LARGE`, `POST_NOT_EDITABLE`, `POST_NOT_RETRYABLE`,
 * `MEDIA_IN_USE`, `DELIVERY_PENDING`, `NO_FREE_SLOT`, `PLATFORM_UNAVAILABLE`,
 * `PLATFORM_TIMEOUT`, `DATABASE_UNAVAILABLE`, `STORAGE_FULL`, `ROLE_REQUIRED`, `LAST_OWNER`, `INVITATION_INVALID`, `POST_NOT_DRAFT`,
 * `POST_NOT_AWAITING_APPROVAL`, `APPROVAL_TIME_PASSED`, `REVIEW_LINK_INVALID`, `POST_NOT_PUBLISHED`, `COMMENT_DELETED`,
 * `COMMENT_HIDDEN`, `COMMENTS_DISABLED`, `COMMENT_NOT_ON_OWN_MEDIA`, `PRIVATE_REPLY_UNAVAILABLE`,
 * `META_WEBHOOK_INVALID`, `SERIES_STOPPED`, `FEED_INVALID`); adding codes is an additive change.
 */

/**
 * What a client should do with an error:
 * - `safe`: retry later with the same request (and the same `idempotencyKey`);
 * - `do-not-retry`: the same request will fail again; change it first;
 * - `needs-user-action`: a person must act (reconnect an account, authorise, disconnect).
 */
export type RetryClass = 'safe' | 'do-not-retry' | 'needs-user-action';

export interface ErrorDefinition {
  /** HTTP status of the error envelope. */
  readonly status: number;
  /** Portuguese text for people (spec §1: messages are Portuguese). */
  readonly message: string;
  readonly retry: RetryClass;
}

/** Codes a request can answer with, in the spec §7 envelope. */
export const HTTP_ERRORS = {
  // Authentication and access
  UNAUTHORIZED: {
    status: 401,
    message: 'Credencial ausente, inválida, revogada ou expirada.',
    retry: 'do-not-retry',
  },
  FORBIDDEN: {
    status: 403,
    message: 'Este projeto ou organização não pertence ao usuário autenticado.',
    retry: 'do-not-retry',
  },
  ROLE_REQUIRED: {
    status: 403,
    message: 'O seu papel neste projeto não permite esta ação.',
    retry: 'needs-user-action',
  },
  LAST_OWNER: {
    status: 409,
    message: 'O dono do projeto não pode ser removido nem mudar de papel.',
    retry: 'do-not-retry',
  },
  INVITATION_INVALID: {
    status: 409,
    message:
      'Este convite não vale mais: expirou, já foi aceito, foi cancelado ou é para outro e-mail.',
    retry: 'needs-user-action',
  },
  PROJECT_REQUIRED: {
    status: 400,
    message: 'Informe o cabeçalho x-project-id ao usar um token Bearer nesta rota.',
    retry: 'do-not-retry',
  },
  RATE_LIMIT_KEY: {
    status: 429,
    message: 'Limite de requisições da credencial excedido; aguarde o tempo de x-ratelimit-reset.',
    retry: 'safe',
  },
  PERMISSION_REQUIRED: {
    status: 403,
    message: 'A conta não concedeu a permissão necessária; reconecte a conta para concedê-la.',
    retry: 'needs-user-action',
  },
  // Request
  VALIDATION_ERROR: {
    status: 400,
    message: 'A requisição contém dados inválidos.',
    retry: 'do-not-retry',
  },
  NOT_FOUND: {
    status: 404,
    message: 'Recurso não encontrado.',
    retry: 'do-not-retry',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message:
      'Esta idempotencyKey já foi usada com outro conteúdo neste projeto; use uma nova chave.',
    retry: 'do-not-retry',
  },
  EMAIL_IN_USE: {
    status: 409,
    message: 'Já existe um usuário com este e-mail.',
    retry: 'do-not-retry',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'A requisição não chegou inteira a tempo; envie de novo.',
    retry: 'safe',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: 'Os cabeçalhos da requisição são grandes demais.',
    retry: 'do-not-retry',
  },
  // Account connection
  PLATFORM_NOT_AVAILABLE: {
    status: 403,
    message: 'Plataforma não disponível; apenas instagram é suportado.',
    retry: 'do-not-retry',
  },
  STATE_INVALID: {
    status: 400,
    message:
      'O parâmetro state da conexão está ausente, foi alterado, expirou (10 minutos) ou já foi usado.',
    retry: 'needs-user-action',
  },
  AUTHORIZATION_DENIED: {
    status: 400,
    message: 'O usuário recusou a autorização no Instagram.',
    retry: 'needs-user-action',
  },
  ACCOUNT_NOT_BUSINESS: {
    status: 400,
    message:
      'A conta do Instagram é pessoal; converta-a em conta profissional (comercial ou de criador).',
    retry: 'do-not-retry',
  },
  TOKEN_INVALID: {
    status: 409,
    message: 'O token da conta expirou ou foi revogado; reconecte a conta.',
    retry: 'needs-user-action',
  },
  ACCOUNT_RESTRICTED: {
    status: 409,
    message: 'O Instagram restringiu esta conta; resolva a restrição no aplicativo do Instagram.',
    retry: 'needs-user-action',
  },
  ACCOUNT_IN_USE: {
    status: 409,
    message:
      'Esta conta do Instagram já está conectada a outro perfil neste projeto; desconecte-a primeiro.',
    retry: 'needs-user-action',
  },
  // Publishing
  RATE_LIMIT_ACCOUNT: {
    status: 409,
    message: 'A conta atingiu a cota de publicações do Instagram nas últimas 24 horas.',
    retry: 'do-not-retry',
  },
  RATE_LIMIT_APP: {
    status: 503,
    message: 'Limite global do aplicativo no Instagram atingido temporariamente; tente novamente.',
    retry: 'safe',
  },
  // A read from the platform that failed on the platform's side (insights): nothing was
  // changed, so the same request may simply be sent again later.
  PLATFORM_UNAVAILABLE: {
    status: 503,
    message:
      'O Instagram está instável ou respondeu com um erro inesperado; tente novamente em instantes.',
    retry: 'safe',
  },
  PLATFORM_TIMEOUT: {
    status: 504,
    message: 'O Instagram não respondeu a tempo; tente novamente em instantes.',
    retry: 'safe',
  },
  SPAM_SUSPECTED: {
    status: 409,
    message: 'O Instagram marcou este conteúdo como possível spam.',
    retry: 'do-not-retry',
  },
  MEDIA_INVALID: {
    status: 400,
    message: 'A mídia está fora dos limites aceitos.',
    retry: 'do-not-retry',
  },
  MEDIA_FETCH_FAILED: {
    status: 400,
    message: 'A URL da mídia respondeu com erro ou não usa https.',
    retry: 'do-not-retry',
  },
  MEDIA_UNREACHABLE: {
    status: 400,
    message: 'A URL da mídia é inacessível (DNS, tempo esgotado ou endereço privado).',
    retry: 'do-not-retry',
  },
  CONTAINER_EXPIRED: {
    status: 409,
    message: 'O Instagram demorou demais para processar a mídia; nova tentativa automática.',
    retry: 'safe',
  },
  CONTAINER_STUCK: {
    status: 409,
    message: 'O processamento da mídia ficou em andamento por mais de 1 hora.',
    retry: 'do-not-retry',
  },
  POST_NOT_CANCELLABLE: {
    status: 409,
    message: 'O post já começou a ser publicado, já terminou ou seu horário já passou.',
    retry: 'do-not-retry',
  },
  POST_NOT_EDITABLE: {
    status: 409,
    message:
      'O post já começou a ser publicado, já terminou ou seu horário já passou; não pode mais ser alterado.',
    retry: 'do-not-retry',
  },
  POST_NOT_RETRYABLE: {
    status: 409,
    message: 'O post não tem contas com falha para tentar de novo.',
    retry: 'do-not-retry',
  },
  POST_NOT_DRAFT: {
    status: 409,
    message: 'O post não é um rascunho; só um rascunho pode ser enviado.',
    retry: 'do-not-retry',
  },
  POST_NOT_AWAITING_APPROVAL: {
    status: 409,
    message:
      'O post não está aguardando aprovação; só um post enviado para aprovação pode ser aprovado ou recusado.',
    retry: 'do-not-retry',
  },
  REVIEW_LINK_INVALID: {
    status: 410,
    message:
      'Este link de revisão não vale mais: expirou ou foi revogado. Peça um novo link a quem o enviou.',
    retry: 'needs-user-action',
  },
  POST_NOT_PUBLISHED: {
    status: 409,
    message:
      'O post ainda não saiu no Instagram (nesta conta); só um post publicado recebe comentários.',
    retry: 'do-not-retry',
  },
  COMMENT_DELETED: {
    status: 410,
    message: 'Este comentário foi apagado no Instagram; não dá mais para responder nem moderá-lo.',
    retry: 'do-not-retry',
  },
  COMMENT_HIDDEN: {
    status: 409,
    message:
      'O Instagram não aceita resposta a um comentário oculto; mostre-o de novo para responder.',
    retry: 'do-not-retry',
  },
  COMMENTS_DISABLED: {
    status: 409,
    message: 'Os comentários deste post estão desativados; ative-os para comentar ou responder.',
    retry: 'do-not-retry',
  },
  COMMENT_NOT_ON_OWN_MEDIA: {
    status: 409,
    message:
      'Este comentário está num post de outra conta (uma menção): só o dono do post pode apagá-lo ou ocultá-lo.',
    retry: 'do-not-retry',
  },
  PRIVATE_REPLY_UNAVAILABLE: {
    status: 409,
    message:
      'Não dá para enviar a resposta privada: o Instagram permite uma por comentário, em até 7 dias depois dele.',
    retry: 'do-not-retry',
  },
  SERIES_STOPPED: {
    status: 409,
    message: 'A série foi parada; crie um post recorrente novo.',
    retry: 'do-not-retry',
  },
  FEED_INVALID: {
    status: 400,
    message: 'A URL não contém um feed RSS, Atom ou JSON Feed que dê para ler.',
    retry: 'do-not-retry',
  },
  META_WEBHOOK_INVALID: {
    status: 403,
    message:
      'Chamada de webhook da Meta recusada: token de verificação ou assinatura (X-Hub-Signature-256) não confere.',
    retry: 'do-not-retry',
  },
  APPROVAL_TIME_PASSED: {
    status: 409,
    message:
      'O horário do post passou enquanto ele aguardava aprovação; aprove informando um novo scheduledFor ou "now" para publicar agora.',
    retry: 'needs-user-action',
  },
  NO_FREE_SLOT: {
    status: 409,
    message:
      'A conta não tem horário livre na agenda de publicação nos próximos 75 dias; defina uma agenda para a conta ou para o perfil dela, ou libere um horário cancelando ou reagendando um post.',
    retry: 'needs-user-action',
  },
  MEDIA_IN_USE: {
    status: 409,
    message:
      'A mídia é usada por posts agendados ou em publicação; cancele ou edite esses posts antes de removê-la.',
    retry: 'do-not-retry',
  },
  // Webhooks
  DELIVERY_PENDING: {
    status: 409,
    message:
      'Este evento ainda tem uma entrega pendente para esta assinatura; aguarde ela terminar antes de reenviar.',
    retry: 'do-not-retry',
  },
  // Infrastructure and callbacks
  PLATFORM_CREDENTIALS_MISSING: {
    status: 500,
    message:
      'As credenciais do aplicativo do Instagram não estão configuradas no servidor: defina INSTAGRAM_APP_ID e INSTAGRAM_APP_SECRET ou, para desenvolver, use `pnpm dev`, que inicia o emulador do Instagram já ligado ao servidor.',
    retry: 'do-not-retry',
  },
  SIGNED_REQUEST_INVALID: {
    status: 400,
    message: 'A assinatura do signed_request não confere.',
    retry: 'do-not-retry',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message:
      'O banco de dados do servidor está indisponível no momento; tente de novo em alguns segundos. Posts aceitos são publicados quando ele voltar.',
    retry: 'safe',
  },
  STORAGE_FULL: {
    status: 503,
    message:
      'O servidor está sem espaço para gravar (disco ou banco de dados cheio); nada foi gravado. Tente de novo quando houver espaço.',
    retry: 'safe',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Erro interno inesperado.',
    retry: 'safe',
  },
  // Malformed bodies keep the native codes (spec §7).
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'O corpo não é um JSON válido, mas o content-type é application/json.',
    retry: 'do-not-retry',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'O corpo não pode ser vazio quando o content-type é application/json.',
    retry: 'do-not-retry',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Tipo de conteúdo não suportado por esta rota.',
    retry: 'do-not-retry',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: 'O corpo da requisição é grande demais.',
    retry: 'do-not-retry',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'O tamanho do corpo não corresponde ao cabeçalho Content-Length.',
    retry: 'do-not-retry',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Codes that appear only in a target's `errorCode`, never as an HTTP answer (spec §7). */
export const TARGET_ONLY_ERRORS = {
  CANCELLED: {
    message: 'O post foi cancelado antes da publicação.',
    retry: 'do-not-retry',
  },
  PUBLISH_UNCONFIRMED: {
    message:
      'O Instagram aceitou a publicação mas não a confirmou a tempo; o post pode existir. Verifique a conta antes de tentar de novo.',
    retry: 'needs-user-action',
  },
  MISSED: {
    message: 'O horário agendado passou sem que a publicação pudesse ser feita.',
    retry: 'needs-user-action',
  },
} as const satisfies Record<string, Omit<ErrorDefinition, 'status'>>;

export type HttpErrorCode = keyof typeof HTTP_ERRORS;
export type TargetOnlyErrorCode = keyof typeof TARGET_ONLY_ERRORS;
/** Every code a target's `errorCode` may hold. */
export type TargetErrorCode = HttpErrorCode | TargetOnlyErrorCode;
/** Every code in the catalogue. */
export type ErrorCode = TargetErrorCode;

/** All HTTP error codes, in catalogue order. */
export const HTTP_ERROR_CODES = Object.keys(HTTP_ERRORS) as HttpErrorCode[];
/** All codes a target may record, in catalogue order. */
export const TARGET_ERROR_CODES = [
  ...HTTP_ERROR_CODES,
  ...(Object.keys(TARGET_ONLY_ERRORS) as TargetOnlyErrorCode[]),
] as TargetErrorCode[];

/**
 * Whether `code` is a code Reelay can answer over HTTP.
 *
 * @example
 * ```ts
 * isHttpErrorCode('NOT_FOUND'); // true
 * isHttpErrorCode('CANCELLED'); // false (target-only)
 * ```
 */
export function isHttpErrorCode(code: unknown): code is HttpErrorCode {
  return typeof code === 'string' && Object.hasOwn(HTTP_ERRORS, code);
}

/**
 * The retry class of any code, or `undefined` for a code this version does not know
 * (a newer server may answer codes an older client has never seen).
 *
 * @example
 * ```ts
 * retryClassOf('RATE_LIMIT_APP'); // 'safe'
 * retryClassOf('TOKEN_INVALID'); // 'needs-user-action'
 * ```
 */
export function retryClassOf(code: string): RetryClass | undefined {
  if (Object.hasOwn(HTTP_ERRORS, code)) return HTTP_ERRORS[code as HttpErrorCode].retry;
  if (Object.hasOwn(TARGET_ONLY_ERRORS, code)) {
    return TARGET_ONLY_ERRORS[code as TargetOnlyErrorCode].retry;
  }
  return undefined;
}

/**
 * The Portuguese message of any catalogued code.
 *
 * @example
 * ```ts
 * messageOf('CANCELLED'); // 'O post foi cancelado antes da publicação.'
 * ```
 */
export function messageOf(code: ErrorCode): string {
  return Object.hasOwn(HTTP_ERRORS, code)
    ? HTTP_ERRORS[code as HttpErrorCode].message
    : TARGET_ONLY_ERRORS[code as TargetOnlyErrorCode].message;
}
