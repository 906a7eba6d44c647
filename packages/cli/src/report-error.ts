/**
 * How a failed command tells it: `erro [CODE]: message` on stderr, the server's field
 * problems and a hint under it; with `--json`, one JSON object `{ "error": { … } }` on
 * stderr instead (stdout stays empty, so a script never parses an error as an answer).
 * Secrets are scrubbed from both.
 */
import { CliError } from './cli-error';
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

/** What an SDK error needs a person to do next, by code (FORBIDDEN: see `forbiddenHint`). */
const HINTS: Record<string, string> = {
  UNAUTHORIZED: 'entre de novo com reelay login, ou confira a chave (reelay config get)',
  PROJECT_REQUIRED: 'escolha um projeto com reelay config set project <id>',
  CONNECTION_ERROR: 'confira o endereço do servidor (reelay config get) e se ele está no ar',
  TIMEOUT: 'o servidor não respondeu a tempo; tente de novo',
  TOKEN_INVALID: 'reconecte a conta com reelay accounts connect',
  PERMISSION_REQUIRED: 'reconecte a conta com reelay accounts connect para conceder a permissão',
  RATE_LIMIT_KEY: 'aguarde alguns segundos e tente de novo',
  POST_NOT_CANCELLABLE: 'veja o estado do post com reelay posts show <id>',
  MEDIA_IN_USE:
    'cancele esses posts com reelay posts cancel <id>, ou troque a mídia deles, e apague de novo',
  IDEMPOTENCY_KEY_REUSED: 'use outra --idempotency-key para um post diferente',
  DELIVERY_PENDING:
    'acompanhe com reelay webhooks deliveries <id> e reenvie depois que essa entrega terminar',
};

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
    return 'o cadastro está fechado neste servidor: peça uma conta a quem o administra (ou que ative REELAY_ALLOW_SIGNUP), ou entre com reelay login se já tem uma';
  }
  if (/^\/v1\/organizations(\/|$)/.test(path)) {
    return 'a organização não é sua: confira com reelay whoami';
  }
  if (/^\/v1\/(auth|me)(\/|$)/.test(path)) return undefined;
  return 'o projeto do contexto não é seu: confira com reelay whoami';
}

function hintFor(code: string, path: string | undefined): string | undefined {
  return code === 'FORBIDDEN' ? forbiddenHint(path) : HINTS[code];
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

/**
 * Writes a failed command's error to stderr, as text or as JSON.
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
        `erro [${shape.code}]: ${shape.message}`,
        ...detailLines(shape.details),
        ...(shape.hint ? [`dica: ${shape.hint}`] : []),
        ...(shape.requestId ? [`(requisição ${shape.requestId})`] : []),
      ]
        .map((line) => `${line}\n`)
        .join('');
  stderr.write(redact(text, [...registeredSecrets(), ...(options.secrets ?? [])]));
}
