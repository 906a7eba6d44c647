/**
 * What a tool answers. Success: the API's answer as structured content, and the same as
 * JSON text for clients that read text only. Failure: never a protocol error that ends
 * the session, but a tool result with `isError: true` whose text names the error's code,
 * its Portuguese message and what to do next (spec §7 "Retry guidance", from the error
 * catalogue's retry class), with the envelope as structured content.
 */
import { retryClassOf } from '@reelay/sdk';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The failure a tool reports, as structured content under `error`. */
export interface ToolFailure {
  /** The envelope's code; `CONNECTION_ERROR`, `TIMEOUT` when the server did not answer. */
  code: string;
  /** HTTP status; 0 when no answer came back. */
  statusCode: number;
  message: string;
  details?: Record<string, unknown>;
  /** Spec §7 retry guidance of the code; `unknown` for a code this version does not know. */
  retry: 'safe' | 'do-not-retry' | 'needs-user-action' | 'unknown';
  /** What to do next, in Portuguese, for the model. */
  action: string;
  requestId?: string;
  /** The `idempotencyKey` the call carried: repeat with it and no second post is made. */
  idempotencyKey?: string;
}

/** What the failing call was, to word the advice. */
export interface FailureContext {
  tool: string;
  /** The key sent with a creating call. */
  idempotencyKey?: string | undefined;
  /** Whether repeating the call could create something twice. */
  repeatable: boolean;
}

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  details?: unknown;
  requestId?: unknown;
  resetSeconds?: unknown;
}

/** Advice for codes whose next step is more precise than their retry class. */
const ACTIONS: Readonly<Record<string, string>> = {
  UNAUTHORIZED:
    'A credencial foi recusada: a pessoa precisa configurar uma chave de API válida (ou entrar de novo). Não repita antes disso.',
  FORBIDDEN: 'A credencial não dá acesso a este projeto. Confira o projeto com whoami.',
  PROJECT_REQUIRED:
    'A sessão precisa de um projeto (cabeçalho x-project-id): a pessoa deve escolher um. Não repita antes disso.',
  NOT_FOUND:
    'Não existe neste projeto: confira o id (liste os recursos para encontrá-lo). Ids de outro projeto também respondem assim.',
  IDEMPOTENCY_KEY_REUSED:
    'Esta idempotencyKey já foi usada com outro conteúdo (outro post, ou outra mensagem). Para um post ou uma mensagem diferente, use outra idempotencyKey.',
  POST_NOT_CANCELLABLE:
    'O post já começou a ser publicado, já terminou ou passou do horário: leia-o com get_post em vez de insistir.',
  POST_NOT_EDITABLE:
    'O post já começou a ser publicado, já terminou ou passou do horário: leia-o com get_post em vez de insistir.',
  POST_NOT_DRAFT:
    'Só um rascunho pode ser enviado: este post já foi enviado (agendado, publicando ou aguardando aprovação), foi cancelado ou terminou. Leia-o com get_post para ver o status em vez de insistir.',
  POST_NOT_AWAITING_APPROVAL:
    'O post não está aguardando aprovação (já foi aprovado, recusado ou cancelado): leia-o com get_post. Aprovar e recusar cabem a uma pessoa (admin ou owner), nunca a um assistente.',
  APPROVAL_TIME_PASSED:
    'O horário do post passou enquanto ele aguardava aprovação, e nada foi publicado. Uma pessoa (admin ou owner) precisa aprová-lo com um novo horário ou "now": avise quem pediu, sem criar outro post.',
  ROLE_REQUIRED:
    'A credencial não tem o papel que esta ação pede (details.required): peça a uma pessoa com esse papel que a faça. Não repita antes disso.',
  POST_NOT_RETRYABLE:
    'O post não tem contas com falha: leia-o com get_post para ver o resultado de cada conta.',
  MEDIA_IN_USE:
    'Posts que ainda vão publicar a mídia a usam (details.postIds): mostre-os à pessoa; cancele (cancel_post) ou edite (reschedule_post) só se ela pedir, e então remova de novo.',
  DELIVERY_PENDING:
    'Esse evento ainda está sendo entregue (details.deliveryId): acompanhe com list_webhook_deliveries e reenvie só depois que essa entrega terminar.',
  RATE_LIMIT_ACCOUNT:
    'A conta atingiu a cota do Instagram de 100 posts em 24 horas: agende para mais tarde em vez de repetir agora.',
  TOKEN_INVALID:
    'Uma pessoa precisa reconectar a conta (details.accountId) ao Reelay; depois disso, use retry_post para os posts que falharam.',
  PERMISSION_REQUIRED:
    'Uma pessoa precisa reconectar a conta concedendo a permissão que falta (details.scope).',
  ACCOUNT_RESTRICTED:
    'O Instagram restringiu a conta: uma pessoa precisa resolver a restrição no aplicativo do Instagram.',
  POST_NOT_PUBLISHED:
    'O post ainda não saiu no Instagram nesta conta: leia-o com get_post e espere que seja publicado antes de comentar.',
  COMMENT_DELETED:
    'O comentário foi apagado no Instagram: não há mais o que fazer com ele. Não repita; siga para os outros (list_comments).',
  COMMENT_HIDDEN:
    'O comentário está oculto e o Instagram não aceita resposta a ele. Só uma pessoa decide mostrá-lo de novo: avise-a em vez de insistir.',
  COMMENTS_DISABLED:
    'Os comentários deste post estão desativados. Só uma pessoa decide reativá-los: avise-a em vez de insistir.',
  COMMENT_NOT_ON_OWN_MEDIA:
    'O comentário está num post de outra conta (uma menção): só o dono do post pode ocultá-lo ou apagá-lo. Não repita.',
  PRIVATE_REPLY_UNAVAILABLE:
    'O Instagram permite uma resposta privada por comentário, em até 7 dias: esta não pode mais ser enviada. Não repita.',
  ACCOUNT_IN_USE:
    'A conta já está conectada a outro perfil: uma pessoa precisa desconectá-la de lá primeiro.',
};

function retryAdvice(failure: Omit<ToolFailure, 'action'>, context: FailureContext, wait?: number) {
  const waiting = wait !== undefined ? `, depois de esperar ${wait} s` : ' mais tarde';
  if (failure.code === 'CONNECTION_ERROR' || failure.code === 'TIMEOUT') {
    if (context.idempotencyKey !== undefined) {
      return `O servidor Reelay não respondeu; o pedido pode ou não ter sido feito. Chame ${context.tool} de novo com os mesmos argumentos e a mesma idempotencyKey ("${context.idempotencyKey}"): se já foi feito (o post, a resposta), o resultado é devolvido, sem duplicar.`;
    }
    if (!context.repeatable) {
      return `O servidor Reelay não respondeu; o pedido pode ou não ter sido feito. Liste os recursos antes de repetir ${context.tool}, para não criar em dobro.`;
    }
    return `O servidor Reelay não respondeu. Pode repetir ${context.tool}${waiting}.`;
  }
  switch (failure.retry) {
    case 'safe':
      return context.idempotencyKey !== undefined
        ? `Temporário: repita ${context.tool} com os mesmos argumentos e a mesma idempotencyKey ("${context.idempotencyKey}")${waiting}.`
        : `Temporário: repita ${context.tool} com os mesmos argumentos${waiting}.`;
    case 'needs-user-action':
      return 'Uma pessoa precisa agir antes (veja a mensagem). Não repita antes disso.';
    case 'do-not-retry': {
      const field =
        typeof failure.details?.field === 'string' ? ` (campo ${failure.details.field})` : '';
      return `Não repita igual: corrija os argumentos${field} e tente de novo.`;
    }
    default:
      return 'Código desconhecido desta versão: leia a mensagem antes de decidir se repete.';
  }
}

/**
 * The failure of any thrown value: an error envelope (the SDK's errors, or a validation
 * made here with the API's schemas), a connection failure, or anything else.
 *
 * @example
 * ```ts
 * describeFailure(error, { tool: 'get_post', repeatable: true }).code; // 'NOT_FOUND'
 * ```
 */
export function describeFailure(thrown: unknown, context: FailureContext): ToolFailure {
  const error = (thrown ?? {}) as ErrorLike;
  const enveloped = typeof error.code === 'string' && typeof error.statusCode === 'number';
  const base: Omit<ToolFailure, 'action'> = enveloped
    ? {
        code: error.code as string,
        statusCode: error.statusCode as number,
        message: typeof error.message === 'string' ? error.message : '',
        retry: retryClassOf(error.code as string) ?? 'unknown',
      }
    : {
        code: 'INTERNAL_ERROR',
        statusCode: 0,
        message: 'Falha inesperada ao executar a ferramenta.',
        retry: 'safe',
      };
  if (base.code === 'CONNECTION_ERROR' || base.code === 'TIMEOUT') base.retry = 'safe';
  if (enveloped && error.details && typeof error.details === 'object') {
    base.details = error.details as Record<string, unknown>;
  }
  if (typeof error.requestId === 'string') base.requestId = error.requestId;
  if (context.idempotencyKey !== undefined) base.idempotencyKey = context.idempotencyKey;
  const wait = typeof error.resetSeconds === 'number' ? error.resetSeconds : undefined;
  const action = ACTIONS[base.code] ?? retryAdvice(base, context, wait);
  return { ...base, action };
}

/**
 * A failed call as a tool result: `isError`, the text a model reads, and the envelope.
 *
 * @example
 * ```ts
 * return errorResult(error, { tool: 'create_post', idempotencyKey, repeatable: true });
 * ```
 */
export function errorResult(thrown: unknown, context: FailureContext): CallToolResult {
  const failure = describeFailure(thrown, context);
  const lines = [
    `Erro ${failure.code}${failure.statusCode ? ` (HTTP ${failure.statusCode})` : ''}: ${failure.message}`,
  ];
  const issues = failure.details?.issues;
  if (Array.isArray(issues) && issues.length > 1) {
    lines.push(
      `Problemas: ${issues.map((issue: { field?: string; message?: string }) => `${issue.field}: ${issue.message}`).join('; ')}`,
    );
  }
  lines.push(`O que fazer: ${failure.action}`);
  if (failure.requestId) lines.push(`x-request-id: ${failure.requestId}`);
  return {
    isError: true,
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: { error: failure },
  };
}

/**
 * A successful call as a tool result: the value as structured content and as JSON text.
 *
 * @example
 * ```ts
 * return successResult(await client.posts.get(id));
 * ```
 */
export function successResult(value: unknown): CallToolResult {
  const structured =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { result: value };
  return {
    content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  };
}
