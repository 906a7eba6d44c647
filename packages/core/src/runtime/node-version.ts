/**
 * The Node.js version check every entry point (`reelay`, `reelay-server`,
 * `reelay-emulator`, `pnpm dev`) runs before loading anything else. On an older Node the
 * dependencies fail while loading with stack traces that never name the version; this
 * says what is wrong instead. Zero dependencies and plain syntax on purpose: it must run
 * on the old versions it refuses, and ESM evaluates every static import before the
 * importing module, so an entry imports only this and loads the rest with `import()`.
 */
import { userLanguage } from './user-language';

/** The oldest Node.js Reelay runs on, as in every package's `engines.node`. */
export const MINIMUM_NODE_VERSION = '22.19.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * Whether a Node.js version (`process.versions.node`, with or without a leading `v`) is
 * at least {@link MINIMUM_NODE_VERSION}.
 *
 * @example
 * ```ts
 * isSupportedNodeVersion('20.20.2'); // false
 * isSupportedNodeVersion('24.1.0'); // true
 * ```
 */
export function isSupportedNodeVersion(version: string): boolean {
  const found = parts(version);
  const minimum = parts(MINIMUM_NODE_VERSION);
  for (let index = 0; index < minimum.length; index++) {
    const difference = (found[index] ?? 0) - minimum[index]!;
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/**
 * The refusal for an unsupported version, in the user's language.
 *
 * @example
 * ```ts
 * unsupportedNodeMessage('20.20.2', { LANG: 'en_US.UTF-8' });
 * // 'Reelay needs Node 22.19 or newer (found 20.20.2).'
 * ```
 */
export function unsupportedNodeMessage(
  version: string,
  env: Record<string, string | undefined> = process.env,
): string {
  const found = version.replace(/^v/, '');
  const minimum = MINIMUM_NODE_VERSION.replace(/\.0$/, '');
  return userLanguage(env) === 'en'
    ? `Reelay needs Node ${minimum} or newer (found ${found}).`
    : `O Reelay precisa do Node ${minimum} ou mais novo (encontrado ${found}).`;
}

/**
 * Ends the process with exit code 1 and one line on stderr when this Node.js is too old;
 * returns otherwise. Call it first in an entry module, then `await import()` the rest.
 *
 * @example
 * ```ts
 * exitUnlessSupportedNode();
 * await import('./start-server');
 * ```
 */
export function exitUnlessSupportedNode(): void {
  const version = process.versions.node;
  if (isSupportedNodeVersion(version)) return;
  process.stderr.write(`${unsupportedNodeMessage(version)}\n`);
  process.exit(1);
}
