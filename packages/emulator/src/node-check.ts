/**
 * The emulator's own Node.js version check, run before anything else is loaded. The
 * emulator stands in for Instagram, so it shares no code with Reelay: this mirrors the
 * refusal Reelay's commands print (same versions, same words, in the user's language),
 * and `test/node-version.test.ts` runs both on an old Node to keep them saying the same.
 * Zero imports and plain syntax on purpose: it must run on the versions it refuses.
 */

/** The oldest Node.js the emulator runs on, as in its `engines.node`. */
export const EMULATOR_MINIMUM_NODE = [22, 19, 0] as const;

function versionParts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * Whether a Node.js version string is at least {@link EMULATOR_MINIMUM_NODE}.
 *
 * @example
 * ```ts
 * nodeIsRecentEnough('20.20.2'); // false
 * ```
 */
export function nodeIsRecentEnough(version: string): boolean {
  const found = versionParts(version);
  for (let index = 0; index < EMULATOR_MINIMUM_NODE.length; index++) {
    const difference = (found[index] ?? 0) - EMULATOR_MINIMUM_NODE[index]!;
    if (difference !== 0) return difference > 0;
  }
  return true;
}

function speaksEnglish(env: Record<string, string | undefined>): boolean {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value) ?? '';
  const language = locale.split(/[_.@-]/)[0]!.toLowerCase();
  return !(language === '' || language === 'c' || language === 'posix' || language === 'pt');
}

/**
 * Ends the process with exit code 1 and one line on stderr when this Node.js is too old.
 *
 * @example
 * ```ts
 * exitUnlessRecentNode();
 * const { runCli } = await import('./run-cli');
 * ```
 */
export function exitUnlessRecentNode(): void {
  const version = process.versions.node;
  if (nodeIsRecentEnough(version)) return;
  const minimum = `${EMULATOR_MINIMUM_NODE[0]}.${EMULATOR_MINIMUM_NODE[1]}`;
  process.stderr.write(
    speaksEnglish(process.env)
      ? `Reelay needs Node ${minimum} or newer (found ${version}).\n`
      : `O Reelay precisa do Node ${minimum} ou mais novo (encontrado ${version}).\n`,
  );
  process.exit(1);
}
