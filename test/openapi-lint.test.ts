/**
 * The OpenAPI document passes an outside linter: Redocly's `recommended` rules, run by the
 * root devDependency `@redocly/cli` on a local file, with no error and no warning. The
 * linter gets no configuration of ours (it runs in an empty folder with `--extends
 * recommended`), no telemetry and no update check, so it never reaches the network.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@reelay/core/openapi';

const root = fileURLToPath(new URL('..', import.meta.url));
const redocly = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const folder = mkdtempSync(join(tmpdir(), 'reelay-openapi-lint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/** Lints a document with the recommended rules; every problem as `severity rule pointer: message`. */
function lint(
  document: unknown,
  name: string,
): { problems: string[]; errors: number; warnings: number } {
  const file = join(folder, `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  const run = spawnSync(
    process.execPath,
    [redocly, 'lint', file, '--extends', 'recommended', '--format', 'json'],
    {
      cwd: folder,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.error) throw run.error;
  if (!run.stdout) throw new Error(`redocly did not answer:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    totals: { errors: number; warnings: number };
    problems: LintProblem[];
  };
  return {
    problems: report.problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
    ),
    errors: report.totals.errors,
    warnings: report.totals.warnings,
  };
}

describe('the OpenAPI document under Redocly lint (recommended rules)', () => {
  it('has no error and no warning as a server serves it', () => {
    const result = lint(buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:3000' }), 'served');
    expect(result.problems).toEqual([]);
    expect([result.errors, result.warnings]).toEqual([0, 0]);
  });

  it('has no error and no warning without a server URL (relative `/` server)', () => {
    const result = lint(buildOpenApiDocument(), 'default');
    expect(result.problems).toEqual([]);
    expect([result.errors, result.warnings]).toEqual([0, 0]);
  });

  it('uses a linter that does report what the recommended rules refuse', () => {
    const broken = structuredClone(buildOpenApiDocument()) as unknown as {
      info: Record<string, unknown>;
      servers?: unknown;
      webhooks: Record<string, { post: Record<string, unknown> }>;
    };
    delete broken.info.license;
    delete broken.servers;
    delete broken.webhooks['post.published']!.post.security;
    const result = lint(broken, 'broken');
    expect(result.problems.join('\n')).toMatch(/warn info-license/);
    expect(result.problems.join('\n')).toMatch(/error no-empty-servers/);
    expect(result.problems.join('\n')).toMatch(/error security-defined/);
  });
});
