/**
 * The workspace's public packages as a registry would receive them: packed by `pnpm pack`
 * (which swaps `workspace:*` for real versions and applies `publishConfig`) from their
 * builds. `pnpm test` builds every package first; run alone, a suite here builds what is
 * missing. A build older than its sources is packed as it is: rebuild after a change.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A manifest, as far as these suites read it. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  bin?: Record<string, string>;
  exports?: unknown;
  publishConfig?: { exports?: unknown };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/** A workspace package under `packages/`. */
export interface WorkspacePackage {
  name: string;
  /** Its folder, absolute. */
  dir: string;
  manifest: Manifest;
}

/** One packed tarball. */
export interface PackedPackage {
  name: string;
  version: string;
  /** The `.tgz`, absolute. */
  tarball: string;
  /** Paths inside the package (`dist/index.js`, `package.json`, …). */
  files: string[];
  /** The manifest as published (read back from the tarball). */
  manifest: Manifest;
}

/**
 * Every package under `packages/`, read from its manifest.
 *
 * @example
 * ```ts
 * workspacePackages().filter((pkg) => !pkg.manifest.private).map((pkg) => pkg.name);
 * ```
 */
export function workspacePackages(): WorkspacePackage[] {
  const packagesDir = join(ROOT, 'packages');
  return readdirSync(packagesDir)
    .filter((entry) => existsSync(join(packagesDir, entry, 'package.json')))
    .sort()
    .map((entry) => {
      const dir = join(packagesDir, entry);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
      return { name: manifest.name, dir, manifest };
    });
}

/**
 * The packages a release publishes: those not marked `private`.
 *
 * @example
 * ```ts
 * publicPackages().map((pkg) => pkg.name); // ['@reelay/cli', '@reelay/core', …]
 * ```
 */
export function publicPackages(): WorkspacePackage[] {
  return workspacePackages().filter((pkg) => !pkg.manifest.private);
}

/** Runs pnpm in `cwd`; fails with its output. */
export function pnpm(args: string[], cwd: string, timeout = 300_000): string {
  try {
    return execFileSync('pnpm', args, {
      cwd,
      encoding: 'utf8',
      timeout,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `pnpm ${args.join(' ')} failed in ${cwd}: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
    );
  }
}

/**
 * Builds the workspace when a public package (or the web app the server carries) has no
 * build yet, as `pnpm test` would have.
 *
 * @example
 * ```ts
 * beforeAll(() => ensureBuilt(), 600_000);
 * ```
 */
export function ensureBuilt(): void {
  const needed = [...publicPackages().map((pkg) => pkg.dir), join(ROOT, 'packages', 'web')];
  if (needed.every((dir) => existsSync(join(dir, 'dist')))) return;
  pnpm(['run', 'build'], ROOT, 600_000);
}

/**
 * Packs every public package into `destination` with `pnpm pack` and reads each
 * published manifest back from its tarball.
 *
 * @example
 * ```ts
 * const packed = packPublicPackages(mkdtempSync(join(tmpdir(), 'reelay-pack-')));
 * packed.find((pkg) => pkg.name === '@reelay/sdk')!.tarball; // …/reelay-sdk-0.1.0.tgz
 * ```
 */
export function packPublicPackages(destination: string): PackedPackage[] {
  const filters = publicPackages().flatMap((pkg) => ['--filter', pkg.name]);
  const output = pnpm(
    ['-r', ...filters, 'pack', '--pack-destination', destination, '--json'],
    ROOT,
  );
  const answers = JSON.parse(output) as Array<{
    name: string;
    version: string;
    filename: string;
  }>;
  return answers
    .map((answer) => ({
      name: answer.name,
      version: answer.version,
      tarball: answer.filename,
      // Read from the tarball: pnpm's own list leaves out the licence it copies from the root.
      files: execFileSync('tar', ['-tzf', answer.filename], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.startsWith('package/') && !line.endsWith('/'))
        .map((line) => line.slice('package/'.length)),
      manifest: JSON.parse(
        execFileSync('tar', ['-xzOf', answer.filename, 'package/package.json'], {
          encoding: 'utf8',
        }),
      ) as Manifest,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
