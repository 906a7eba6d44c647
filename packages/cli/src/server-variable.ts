/**
 * The server's address from the environment: `REELAY_SERVER`, the one name `pnpm dev`,
 * the CLI, the SDK examples and the docs use. `REELAY_URL` (printed by older `pnpm dev`)
 * and `REELAY_BASE_URL` (read by older SDK examples) still work, with a note on stderr,
 * once per run, naming the variable to use instead.
 */
import { t } from './i18n';

/** The variable that names the server. */
export const SERVER_VARIABLE = 'REELAY_SERVER';
/** Older names of the same variable, read when it is absent. */
export const DEPRECATED_SERVER_VARIABLES = ['REELAY_URL', 'REELAY_BASE_URL'] as const;

let noted = false;

/**
 * The server's address the environment names, or `undefined`.
 *
 * @example
 * ```ts
 * serverFromEnv({ REELAY_URL: 'http://localhost:8080' }); // 'http://localhost:8080', and a note on stderr
 * ```
 */
export function serverFromEnv(
  env: Record<string, string | undefined>,
  note: (text: string) => void = (text) => process.stderr.write(`${text}\n`),
): string | undefined {
  const current = env[SERVER_VARIABLE]?.trim();
  if (current) return current;
  for (const name of DEPRECATED_SERVER_VARIABLES) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!noted) note(t('environment.deprecatedServerVariable', { name, instead: SERVER_VARIABLE }));
    noted = true;
    return value;
  }
  return undefined;
}
