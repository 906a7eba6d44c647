/**
 * Text a command reads besides its arguments: a caption from a file or stdin, a password
 * typed without echo, a secret piped in. Secrets are never taken from an argument only
 * when a safer way exists (arguments show in `ps` and in shell history).
 */
import { readFileSync } from 'node:fs';
import { usageError } from './cli-error';
import { t } from './i18n';

/**
 * Reads all of stdin as bytes. A terminal is refused (exit 2) rather than waited on.
 *
 * @example
 * ```ts
 * const body = await readStdinBytes(); // reelay webhooks verify --payload - < body.json
 * ```
 */
export async function readStdinBytes(): Promise<Buffer> {
  if (process.stdin.isTTY) {
    throw usageError(t('shared.stdinEmpty'), t('shared.stdinEmptyHint'));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads all of stdin as UTF-8.
 *
 * @example
 * ```ts
 * const caption = await readStdin(); // echo "Bom dia" | reelay posts create - …
 * ```
 */
export async function readStdin(): Promise<string> {
  return (await readStdinBytes()).toString('utf8');
}

/**
 * Reads a text file, or stdin for `-`; a missing file is a usage error (exit 2).
 *
 * @example
 * ```ts
 * const text = await readTextFile('legenda.txt');
 * ```
 */
export async function readTextFile(path: string, what = t('shared.file')): Promise<string> {
  if (path === '-') return readStdin();
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(
      code === 'ENOENT'
        ? t('shared.fileNotFound', { what, path })
        : t('shared.fileUnreadable', { what, path, code: code ?? '?' }),
    );
  }
}

/**
 * The caption of a post: the argument (`-` reads stdin) or `--caption-file` (`-` reads
 * stdin), never both. A trailing line break from a file or a pipe is dropped; everything
 * else, inner line breaks included, is kept as written.
 *
 * @example
 * ```ts
 * await readCaption('Bom dia! #café', undefined); // 'Bom dia! #café'
 * await readCaption(undefined, 'legenda.txt'); // the file's text
 * ```
 */
export async function readCaption(
  argument: string | undefined,
  file: string | undefined,
): Promise<string | undefined> {
  if (argument !== undefined && file !== undefined) {
    throw usageError(t('shared.captionTwice'));
  }
  if (file !== undefined)
    return stripFinalNewline(await readTextFile(file, t('shared.captionFile')));
  if (argument === '-') return stripFinalNewline(await readStdin());
  return argument;
}

function stripFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/**
 * Refuses, as a usage error naming the flag to use instead, to ask a question where
 * nobody can answer it: stdin or stderr is not a terminal (a pipe, a script, CI).
 *
 * @example
 * ```ts
 * assertTerminal('Apagar o comentário cmt_01…?', '--yes'); // throws when piped
 * ```
 */
export function assertTerminal(question: string, flag: string): void {
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw usageError(
      t('shared.noTerminal', { question: question.replace(/[:?]?\s*(\[[^\]]*\]\s*)?$/, '') }),
      t('shared.useFlag', { flag }),
    );
  }
}

/**
 * Whether an answer to a yes/no question is yes, in either language (`y`, `yes`, `s`,
 * `sim`); anything else, an empty answer included, is no.
 *
 * @example
 * ```ts
 * isYes(' Sim '); // true
 * isYes(''); // false
 * ```
 */
export function isYes(answer: string): boolean {
  return /^(y|yes|s|sim)$/i.test(answer.trim());
}

/**
 * Asks a question on the terminal (stderr), optionally without echoing the answer.
 * Without a terminal it is a usage error naming the flag to use instead.
 *
 * @example
 * ```ts
 * const password = await prompt('Senha: ', { hidden: true, flag: '--password-stdin' });
 * ```
 */
export async function prompt(
  question: string,
  options: { hidden?: boolean; flag: string },
): Promise<string> {
  assertTerminal(question, options.flag);
  const { createInterface } = await import('node:readline');
  const output = process.stderr;
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  if (options.hidden) {
    // Keep the prompt, hide what is typed: readline writes the echo through this hook.
    const write = (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (text.startsWith(question)) write.call(rl, question);
      else if (text.includes('\n') || text.includes('\r')) write.call(rl, '\n');
    };
  }
  try {
    return await new Promise<string>((resolveAnswer) => rl.question(question, resolveAnswer));
  } finally {
    rl.close();
  }
}
