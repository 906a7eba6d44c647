/**
 * `<NAME>_FILE` variables: a variable's value read from a file, as container platforms
 * hand secrets over (Docker and Kubernetes secrets mounted under /run/secrets). Any
 * variable the server reads may come this way; the value is the file's content without
 * its final line break (`echo secret > file` writes one).
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from './reelay-config';

const SUFFIX = '_FILE';

/**
 * The environment with each `<NAME>_FILE` of a known variable replaced by `<NAME>` and the
 * file's content. Refuses both forms of one variable at once, and a file it cannot read,
 * naming the variable.
 *
 * @example
 * ```ts
 * // REELAY_ENCRYPTION_KEY_FILE=/run/secrets/reelay_key
 * const env = withSecretFiles(process.env, new Set(['REELAY_ENCRYPTION_KEY']));
 * env.REELAY_ENCRYPTION_KEY; // the key, read from the file
 * ```
 */
export function withSecretFiles(
  env: Record<string, string | undefined>,
  known: ReadonlySet<string>,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = { ...env };
  for (const [fileName, path] of Object.entries(env)) {
    if (!fileName.endsWith(SUFFIX) || !path) continue;
    const name = fileName.slice(0, -SUFFIX.length);
    if (!known.has(name)) continue;
    if (env[name]) {
      throw new ConfigError(`${name} e ${fileName} estão definidas: use só uma das duas.`);
    }
    let content: string;
    try {
      content = read(path);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new ConfigError(`${fileName}: não foi possível ler ${path} (${reason}).`);
    }
    result[name] = content.replace(/\r?\n$/, '');
    delete result[fileName];
  }
  return result;
}

/** Whether `name` is the `_FILE` form of a known variable. */
export function isSecretFileOf(name: string, known: ReadonlySet<string>): boolean {
  return name.endsWith(SUFFIX) && known.has(name.slice(0, -SUFFIX.length));
}
