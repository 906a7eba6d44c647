/**
 * `pg_dump` and `pg_restore`, found on PATH: whether they are there, their major version,
 * and a run that answers its error output on failure.
 */
import { spawn } from 'node:child_process';

/** The major version of a PostgreSQL client program, or `null` when it is not on PATH. */
export async function clientMajorVersion(program: string): Promise<number | null> {
  const result = await run(program, ['--version']).catch(() => null);
  if (result === null || result.code !== 0) return null;
  // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
  const match = /\)\s*(\d+)/.exec(result.stdout);
  return match ? Number(match[1]) : null;
}

/** Runs a program to its end; rejects only when it cannot start (ENOENT). */
export function run(
  program: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Quotes a word for a POSIX shell, for commands printed for a person to run. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
