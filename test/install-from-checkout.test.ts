/**
 * Installing from a checkout, as the pages say until the packages are on the registry:
 * the commands between `install-sdk` markers in docs/getting-started.md and between
 * `install-cli` markers in docs/cli.md run in bash, as written, from the repository root.
 * Then the installed SDK verifies a webhook in a plain ESM program of "your project", the
 * installed `reelay` answers `--version`, and the command docs/agents.md configures an
 * assistant with (its JSON's `command` and `args`) starts the MCP server.
 *
 * HOME is a folder of the test's own, so `~/reelay-packages` and `~/my-app` are too, and
 * so is npm's global prefix (`npm_config_prefix`): nothing is installed on the machine.
 * npm's cache stays the machine's, and npm prefers it (`npm_config_prefer_offline`), so
 * only what it lacks comes from the registry.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from './helpers/clean-env';
import { docShellBlock } from './helpers/doc-blocks';
import { ensureBuilt, ROOT } from './helpers/packed-packages';

const scratch = mkdtempSync(join(tmpdir(), 'reelay-from-checkout-'));
const home = join(scratch, 'home');
const globalPrefix = join(scratch, 'global');
const app = join(home, 'my-app');

/** The shell a reader pastes the commands into, with the test's HOME and npm prefix. */
function env(): NodeJS.ProcessEnv {
  const machineCache = process.env.npm_config_cache ?? join(process.env.HOME ?? homedir(), '.npm');
  return cleanEnv({
    HOME: home,
    PATH: `${join(globalPrefix, 'bin')}:${process.env.PATH ?? ''}`,
    npm_config_prefix: globalPrefix,
    npm_config_cache: machineCache,
    npm_config_prefer_offline: 'true',
    REELAY_CONFIG_DIR: join(home, '.config', 'reelay'),
    LANG: 'en_US.UTF-8',
  });
}

/** Runs a page's block as pasted into bash in the checkout; fails with its output. */
function runBlock(page: string, name: string): string {
  const run = spawnSync('bash', ['-euo', 'pipefail', '-c', docShellBlock(page, name)], {
    cwd: ROOT,
    env: env(),
    encoding: 'utf8',
    timeout: 240_000,
  });
  expect(run.status, `${page} ${name}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

const versionOf = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'packages', name, 'package.json'), 'utf8')).version;

beforeAll(() => {
  ensureBuilt();
  mkdirSync(app, { recursive: true });
  // The reader's own project: an empty ESM package.
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'my-app', private: true, type: 'module' }, null, 2),
  );
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('installing from a checkout, as the docs say', { timeout: 300_000 }, () => {
  it('installs the SDK into your project (docs/getting-started.md)', () => {
    runBlock('docs/getting-started.md', 'install-sdk');
    const installed = JSON.parse(
      readFileSync(join(app, 'node_modules', '@reelay', 'sdk', 'package.json'), 'utf8'),
    );
    expect(installed.version).toBe(versionOf('sdk'));
    writeFileSync(
      join(app, 'check.mjs'),
      [
        "import { createTestWebhook, verifyWebhook } from '@reelay/sdk';",
        "const secret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;",
        'const delivery = await createTestWebhook({ secret });',
        'const event = await verifyWebhook(delivery.body, delivery.headers, secret);',
        "console.log(event.id === delivery.event.id ? 'verified' : 'mismatch');",
      ].join('\n'),
    );
    const output = execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' });
    expect(output.trim()).toBe('verified');
  });

  it('installs the reelay command (docs/cli.md) that docs/agents.md starts', () => {
    const output = runBlock('docs/cli.md', 'install-cli');
    // The block ends with `reelay --version`: the installed command, found on the PATH.
    expect(output.trim().split('\n').at(-1)).toBe(versionOf('cli'));
    const which = spawnSync('bash', ['-c', 'command -v reelay'], { env: env(), encoding: 'utf8' });
    expect(which.stdout.trim()).toBe(join(globalPrefix, 'bin', 'reelay'));

    // The assistant's configuration, as docs/agents.md gives it.
    const agents = readFileSync(join(ROOT, 'docs', 'agents.md'), 'utf8');
    const config = JSON.parse(/```json\n([\s\S]*?)```/.exec(agents)![1]!);
    const { command, args } = config.mcpServers.reelay as { command: string; args: string[] };
    expect(command).toBe('reelay');
    // No credential anywhere: the installed MCP command starts and stops with exit code 3
    // before any protocol message, as the page says.
    const mcp = spawnSync(command, args, {
      env: env(),
      encoding: 'utf8',
      input: '',
      timeout: 60_000,
    });
    expect(mcp.error).toBeUndefined();
    expect(mcp.status, mcp.stderr).toBe(3);
    expect(mcp.stdout).toBe('');
  });
});
