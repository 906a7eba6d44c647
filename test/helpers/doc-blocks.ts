/**
 * The shell commands a documentation page shows between `<!-- name:start -->` and
 * `<!-- name:end -->`, read from the page itself, so the tests that run them run what a
 * reader copies and the page cannot drift from what works.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The first `sh` block between the page's markers, as written.
 *
 * @example
 * ```ts
 * docShellBlock('README.md', 'quickstart'); // 'reelay status\nreelay posts create …\n'
 * ```
 */
export function docShellBlock(page: string, name: string): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`${page} has no ${name}:start/end markers`);
  const script = /```sh\n([\s\S]*?)```/.exec(text.slice(start, end))?.[1];
  if (!script) throw new Error(`${page} has no sh block between its ${name} markers`);
  return script;
}
