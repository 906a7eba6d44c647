/**
 * The environment of a clean shell for commands a test runs as a user would: the test
 * runner's, less the `npm_*` and `pnpm_*` settings the pnpm that started the tests
 * passes on to its children (they would change what npm and pnpm do). `npm_config_nodedir`
 * stays: it only says where Node's headers are for native builds.
 */

/**
 * The current environment without the package managers' inherited settings, plus `extra`.
 *
 * @example
 * ```ts
 * execFileSync('npm', ['--version'], { env: cleanEnv({ HOME: home }) });
 * ```
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm|pnpm)_/i.test(name) && name !== 'npm_config_nodedir') continue;
    env[name] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra };
}
