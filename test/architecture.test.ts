/**
 * The architecture rules in .dependency-cruiser.cjs hold: no import cycle inside any
 * package's sources, no module under packages/server/src/http importing
 * packages/server/src/store, none under packages/server/src/store importing
 * packages/server/src/queue, the queue entered only through its index, packages
 * importing one another in one direction, and no file importing another package's
 * test/ folder. A failure lists each offending import as `rule: from → to`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// The root devDependency's own entry point, run with the Node that runs the tests.
const cruiser = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

interface CruiseResult {
  summary: { violations: Violation[] };
}

/**
 * Runs dependency-cruiser with the repository's rules over every package's sources and
 * tests, and the root's tests, benchmarks, scripts and examples.
 */
function cruise(): CruiseResult {
  const sources = [
    ...readdirSync(join(root, 'packages')).flatMap((name) => [
      `packages/${name}/src`,
      `packages/${name}/test`,
    ]),
    'test',
    'bench',
    'scripts',
    'examples',
  ].filter((folder) => existsSync(join(root, folder)));
  const run = spawnSync(
    process.execPath,
    [cruiser, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...sources],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (run.error) throw run.error;
  if (!run.stdout) throw new Error(`dependency-cruiser did not answer:\n${run.stderr}`);
  return JSON.parse(run.stdout) as CruiseResult;
}

function describeViolation(violation: Violation): string {
  const path = violation.cycle?.length
    ? [violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')
    : `${violation.from} → ${violation.to}`;
  return `${violation.rule.name}: ${path}`;
}

describe('architecture', () => {
  const violations = cruise().summary.violations.map(describeViolation);

  it('has no import cycle inside any package', () => {
    expect(violations.filter((line) => line.startsWith('no-circular:'))).toEqual([]);
  });

  it('keeps packages/server/src/http from importing packages/server/src/store', () => {
    expect(violations.filter((line) => line.startsWith('http-not-store:'))).toEqual([]);
  });

  it('keeps the packages importing one another in one direction', () => {
    const direction =
      /^(core-imports|sdk-imports|mcp-imports|web-imports|server-imports|emulator-imports)/;
    expect(violations.filter((line) => direction.test(line))).toEqual([]);
  });

  it('keeps packages/server/src/store from importing packages/server/src/queue', () => {
    expect(violations.filter((line) => line.startsWith('store-not-queue:'))).toEqual([]);
  });

  it('enters packages/server/src/queue only through its index', () => {
    expect(violations.filter((line) => line.startsWith('queue-through-index:'))).toEqual([]);
  });

  it("keeps every file out of another package's test folder", () => {
    expect(violations.filter((line) => line.startsWith('no-foreign-test-folder:'))).toEqual([]);
  });

  it('reports no other rule violation', () => {
    const checked = [
      'no-circular:',
      'http-not-store:',
      'store-not-queue:',
      'queue-through-index:',
      'no-foreign-test-folder:',
    ];
    expect(violations.filter((line) => !checked.some((rule) => line.startsWith(rule)))).toEqual([]);
  });
});
