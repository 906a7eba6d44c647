/**
 * The packed packages installed as a user would install them from a registry: into an
 * empty folder outside the workspace, by pnpm, with every `@reelay/*` package (the CLI,
 * the SDK and what they depend on) taken from its tarball and the rest from the pnpm
 * store (`--prefer-offline`: the registry only for what the store lacks). Then the
 * installed `reelay` answers `--version` and `--help`, starts the installed emulator and
 * server, and a plain ESM program using the installed SDK talks to that server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@reelay/test-support/free-port';
import {
  ensureBuilt,
  packPublicPackages,
  pnpm,
  ROOT,
  type PackedPackage,
} from './helpers/packed-packages';

const scratch = mkdtempSync(join(tmpdir(), 'reelay-installed-'));
const app = join(scratch, 'app');
const configDir = join(scratch, 'config');
const reelayBin = join(app, 'node_modules', '.bin', 'reelay');
const children: ChildProcess[] = [];
let packed: PackedPackage[] = [];

beforeAll(() => {
  ensureBuilt();
  packed = packPublicPackages(join(scratch, 'tarballs'));
  const tarball = (name: string) => `file:${packed.find((pkg) => pkg.name === name)!.tarball}`;
  mkdirSync(app);
  mkdirSync(configDir);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'reelay-installed-check',
        private: true,
        type: 'module',
        dependencies: {
          '@reelay/cli': tarball('@reelay/cli'),
          '@reelay/sdk': tarball('@reelay/sdk'),
        },
        // Until they are published, the versions the packages name for each other
        // (`@reelay/core: 0.1.0`, …) come from the tarballs, never from the registry.
        pnpm: {
          overrides: Object.fromEntries(packed.map((pkg) => [pkg.name, tarball(pkg.name)])),
          ignoredBuiltDependencies: ['vue-demi'],
        },
      },
      null,
      2,
    ),
  );
  copyFileSync(join(ROOT, 'test', 'fixtures', 'installed-sdk-app.mjs'), join(app, 'app.mjs'));
  copyFileSync(join(ROOT, 'examples', 'media', 'sample.jpg'), join(app, 'sample.jpg'));
  // CI=true would make pnpm insist on a lockfile this fresh folder cannot have.
  pnpm(['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=silent'], app, 300_000);
}, 900_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** The installed command's environment: a clean shell's, with its own config folder. */
function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: configDir,
    REELAY_CONFIG_DIR: configDir,
    LANG: 'en_US.UTF-8',
    ...extra,
  };
}

function reelay(args: string[], extra: Record<string, string> = {}) {
  const run = spawnSync(reelayBin, args, { cwd: app, encoding: 'utf8', env: cliEnv(extra) });
  if (run.error) throw run.error;
  return run;
}

/**
 * Runs a program to its end without blocking this process, so the output of the servers
 * started here keeps being collected.
 */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: app, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A long-running installed command, and what it printed so far. */
function launch(args: string[], extra: Record<string, string>) {
  const child = spawn(reelayBin, args, { cwd: app, env: cliEnv(extra) });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return { child, printed: () => `${stdout}\n${stderr}`, stdout: () => stdout };
}

/** Polls until `check` answers a value; fails with what the command printed. */
async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  printed: () => string,
): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready after 30 s:\n${printed()}`);
}

describe('the packed CLI and SDK, installed outside the workspace', () => {
  it('installs every @reelay package once, from its tarball', () => {
    // pnpm names each installed package's folder in its store after where it came from:
    // `@reelay+core@file+..+tarballs+reelay-core-0.1.0.tgz` for a tarball.
    const installed = readdirSync(join(app, 'node_modules', '.pnpm')).filter((entry) =>
      entry.startsWith('@reelay+'),
    );
    expect(installed.filter((entry) => !/^@reelay\+[\w-]+@file\+/.test(entry))).toEqual([]);
    const names = installed.map((entry) => entry.slice(0, entry.indexOf('@', 1)).replace('+', '/'));
    expect(names.sort()).toEqual(packed.map((pkg) => pkg.name));
  });

  it('reelay --version prints the version of the installed package', () => {
    const run = reelay(['--version']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(packed.find((pkg) => pkg.name === '@reelay/cli')!.version);
  });

  it('reelay --help lists the commands', () => {
    const run = reelay(['--help']);
    expect(run.status, run.stderr).toBe(0);
    for (const command of ['posts', 'accounts', 'webhooks', 'serve', 'emulator']) {
      expect(run.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('runs the installed emulator and server; an ESM program with the SDK schedules a post and verifies a webhook', async () => {
    const emulator = launch(['emulator', '--port', '0', '--json', '--no-fetch-media'], {});
    const emulatorLine = await until(
      () => emulator.stdout().match(/^\{.+\}$/m)?.[0],
      emulator.printed,
    );
    const emulatorUrl = (JSON.parse(emulatorLine) as { url: string }).url;
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    const server = launch(['serve', '--port', String(port), '--host', '127.0.0.1'], {
      NODE_ENV: 'test',
      DATABASE_URL: join(scratch, 'reelay.db'),
      REELAY_DATA_DIR: join(scratch, 'data'),
      REELAY_PUBLIC_URL: serverUrl,
      REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
      REELAY_LOG_LEVEL: 'warn',
      REELAY_ALLOW_SIGNUP: 'true',
      // The program's webhook receiver listens on loopback.
      REELAY_ALLOW_PRIVATE_URLS: 'true',
      INSTAGRAM_APP_ID: 'emulator-app-id',
      INSTAGRAM_APP_SECRET: 'emulator-app-secret',
      INSTAGRAM_AUTHORIZE_URL: emulatorUrl,
      INSTAGRAM_API_URL: emulatorUrl,
      INSTAGRAM_GRAPH_URL: emulatorUrl,
    });
    await until(async () => {
      const answer = await fetch(`${serverUrl}/healthz`).catch(() => null);
      return answer?.ok ? true : undefined;
    }, server.printed);

    const program = await run(process.execPath, ['app.mjs'], {
      PATH: process.env.PATH ?? '',
      SERVER_URL: serverUrl,
      EMULATOR_URL: emulatorUrl,
      IMAGE_PATH: join(app, 'sample.jpg'),
    });
    expect(program.code, `${program.stdout}\n${program.stderr}\n${server.printed()}`).toBe(0);
    const result = JSON.parse(program.stdout.trim().split('\n').at(-1)!) as Record<string, any>;
    expect(result).toMatchObject({
      sdkVersion: packed.find((pkg) => pkg.name === '@reelay/sdk')!.version,
      status: 'scheduled',
      mediaType: 'image',
      delivered: true,
      refusedTampered: true,
    });
    expect(result.verified).toHaveLength(1);

    // The installed CLI reads the post back with the key the program created.
    const show = await run(
      reelayBin,
      ['posts', 'show', result.postId, '--json', '--server', serverUrl],
      cliEnv({ REELAY_API_KEY: result.apiKey }),
    );
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(result.postId);
    expect(show.stdout).toContain('"scheduled"');
  }, 120_000);
});
