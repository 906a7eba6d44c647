/**
 * How a failed command tells it: `erro [CODE]: message` on stderr, the server's field
 * problems and a hint under it; with `--json`, one JSON object `{ "error": { … } }` on
 * stderr instead (stdout stays empty, so a script never parses an error as an answer).
 * Secrets are scrubbed from both.
 */
import { CliError } from './cli-error';
import { currentLanguage, t, tDynamic, type MessageKey } from './i18n';
import { errorCode } from './exit-codes';
import { redact, registeredSecrets } from './secrets';

interface ErrorShape {
  code: string;
  message: string;
  statusCode?: number;
  details?: Record<string, unknown>;
  requestId?: string;
  hint?: string;
}

/** Codes with a next step for the person, in `errors.hints` (FORBIDDEN: see `forbiddenHint`). */
const HINTS = {
  UNAUTHORIZED: 'errors.hints.UNAUTHORIZED',
  PROJECT_REQUIRED: 'errors.hints.PROJECT_REQUIRED',
  CONNECTION_ERROR: 'errors.hints.CONNECTION_ERROR',
  TIMEOUT: 'errors.hints.TIMEOUT',
  TOKEN_INVALID: 'errors.hints.TOKEN_INVALID',
  PERMISSION_REQUIRED: 'errors.hints.PERMISSION_REQUIRED',
  RATE_LIMIT_KEY: 'errors.hints.RATE_LIMIT_KEY',
  POST_NOT_CANCELLABLE: 'errors.hints.POST_NOT_CANCELLABLE',
  POST_NOT_DRAFT: 'errors.hints.POST_NOT_DRAFT',
  POST_NOT_AWAITING_APPROVAL: 'errors.hints.POST_NOT_AWAITING_APPROVAL',
  APPROVAL_TIME_PASSED: 'errors.hints.APPROVAL_TIME_PASSED',
  POST_NOT_PUBLISHED: 'errors.hints.POST_NOT_PUBLISHED',
  COMMENT_DELETED: 'errors.hints.COMMENT_DELETED',
  COMMENT_HIDDEN: 'errors.hints.COMMENT_HIDDEN',
  COMMENTS_DISABLED: 'errors.hints.COMMENTS_DISABLED',
  COMMENT_NOT_ON_OWN_MEDIA: 'errors.hints.COMMENT_NOT_ON_OWN_MEDIA',
  PRIVATE_REPLY_UNAVAILABLE: 'errors.hints.PRIVATE_REPLY_UNAVAILABLE',
  META_WEBHOOK_INVALID: 'errors.hints.META_WEBHOOK_INVALID',
  MEDIA_IN_USE: 'errors.hints.MEDIA_IN_USE',
  IDEMPOTENCY_KEY_REUSED: 'errors.hints.IDEMPOTENCY_KEY_REUSED',
  DELIVERY_PENDING: 'errors.hints.DELIVERY_PENDING',
} as const satisfies Record<string, MessageKey>;

/**
 * FORBIDDEN means different things on different routes (spec §7 keeps one code): a closed
 * sign-up, an organization or a project that is not the user's. The request's path tells
 * which, so a person is never told a project is not theirs when none was involved.
 *
 * @example
 * ```ts
 * forbiddenHint('/v1/auth/signup'); // 'o cadastro está fechado neste servidor: …'
 * forbiddenHint('/v1/posts'); // 'o projeto do contexto não é seu: confira com reelay whoami'
 * ```
 */
export function forbiddenHint(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (/^\/v1\/auth\/signup\/?$/.test(path)) {
    return t('errors.forbiddenSignup');
  }
  if (/^\/v1\/organizations(\/|$)/.test(path)) {
    return t('errors.forbiddenOrganization');
  }
  if (/^\/v1\/(auth|me)(\/|$)/.test(path)) return undefined;
  return t('errors.forbiddenProject');
}

function hintFor(code: string, path: string | undefined): string | undefined {
  if (code === 'FORBIDDEN') return forbiddenHint(path);
  return Object.hasOwn(HINTS, code) ? t(HINTS[code as keyof typeof HINTS]) : undefined;
}

/**
 * The message a person reads for an API or SDK error: in Portuguese, the server's own
 * message (it may name the resource); in another language, the catalogue's text for the
 * code, or the server's Portuguese message when this version does not know the code.
 *
 * @example
 * ```ts
 * setLanguage('en');
 * messageForCode('NOT_FOUND', 'Post não encontrado.'); // 'Resource not found.'
 * messageForCode('SOMETHING_NEW', 'Algo novo.'); // 'Algo novo.'
 * ```
 */
export function messageForCode(code: string, serverMessage: string): string {
  if (currentLanguage() === 'pt-BR') return serverMessage;
  return tDynamic(`apiErrors.${code}`) ?? serverMessage;
}

function shapeOf(error: unknown): ErrorShape {
  if (error instanceof CliError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.hint ? { hint: error.hint } : {}),
    };
  }
  const code = errorCode(error);
  if (code && error instanceof Error) {
    const sdk = error as Error & {
      statusCode?: number;
      details?: Record<string, unknown>;
      requestId?: string;
      path?: string;
    };
    const hint = hintFor(code, sdk.path);
    return {
      code,
      message: sdk.message,
      ...(typeof sdk.statusCode === 'number' ? { statusCode: sdk.statusCode } : {}),
      ...(sdk.details ? { details: sdk.details } : {}),
      ...(sdk.requestId ? { requestId: sdk.requestId } : {}),
      ...(hint ? { hint } : {}),
    };
  }
  return {
    code: 'INTERNAL_CLI_ERROR',
    message: error instanceof Error ? error.message : String(error),
  };
}

function detailLines(details: Record<string, unknown> | undefined): string[] {
  if (!details) return [];
  const lines: string[] = [];
  const issues = details.issues;
  if (Array.isArray(issues)) {
    for (const issue of issues as Array<{ field?: string; message?: string }>) {
      lines.push(`  ${issue.field ?? '?'}: ${issue.message ?? ''}`);
    }
  }
  for (const [key, value] of Object.entries(details)) {
    if (key === 'issues' || (key === 'field' && Array.isArray(issues))) continue;
    // An unknown command's suggestion is already the hint, for people.
    if (key === 'suggestion') continue;
    if (value === undefined || value === null) continue;
    lines.push(`  ${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return lines;
}

/** The CLI's own errors are already in the user's language; the server's are by code. */
function personMessage(error: unknown, shape: ErrorShape): string {
  if (error instanceof CliError || shape.code === 'INTERNAL_CLI_ERROR') return shape.message;
  return messageForCode(shape.code, shape.message);
}

/**
 * Writes a failed command's error to stderr, as text or as JSON. The JSON keeps the
 * server's envelope as it came (its `message` is Portuguese, as the API's always is).
 *
 * @example
 * ```ts
 * reportError(error, { json: false, secrets: [settings.apiKey] });
 * // erro [VALIDATION_ERROR]: A requisição contém dados inválidos.
 * //   scheduledFor: deve ser pelo menos 1 minuto no futuro
 * ```
 */
export function reportError(
  error: unknown,
  options: {
    json: boolean;
    secrets?: ReadonlyArray<string | undefined>;
    stderr?: NodeJS.WritableStream;
  },
): void {
  const stderr = options.stderr ?? process.stderr;
  const shape = shapeOf(error);
  const text = options.json
    ? `${JSON.stringify({ error: shape })}\n`
    : [
        `${t('errors.prefix')} [${shape.code}]: ${personMessage(error, shape)}`,
        ...detailLines(shape.details),
        ...(shape.hint ? [`${t('errors.hint')}: ${shape.hint}`] : []),
        ...(shape.requestId ? [t('errors.request', { id: shape.requestId })] : []),
      ]
        .map((line) => `${line}\n`)
        .join('');
  stderr.write(redact(text, [...registeredSecrets(), ...(options.secrets ?? [])]));
}
