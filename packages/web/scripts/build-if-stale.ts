/**
 * Builds the web app when `dist/` is missing or older than its sources (the app's, the
 * SDK's and core's, which Vite bundles from source). Used by `pnpm dev` and by the tests
 * that open the app in a browser; one build at a time, even across test workers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web package's folder. */
export const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Where the built app is. */
export const WEB_DIST = join(WEB_DIR, 'dist');
const INDEX = join(WEB_DIST, 'index.html');
// Under node_modules: ignored by git, and not emptied by the build like dist/ is.
const LOCK = join(WEB_DIR, 'node_modules', '.reelay-web-build-lock');

const SOURCES = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'vite.config.ts'),
  join(WEB_DIR, 'package.json'),
  join(WEB_DIR, '../sdk/src'),
  join(WEB_DIR, '../core/src'),
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/**
 * Whether the built app is missing, older than its sources, or current.
 *
 * @example
 * ```ts
 * if (webAppBuildStatus() !== 'current') buildWebApp();
 * ```
 */
export function webAppBuildStatus(): 'missing' | 'stale' | 'current' {
  if (!existsSync(INDEX)) return 'missing';
  const built = statSync(INDEX).mtimeMs;
  return SOURCES.some((source) => newestChange(source) > built) ? 'stale' : 'current';
}

/** Runs `vite build`; throws with Vite's output when it fails. */
export function buildWebApp(): void {
  const result = spawnSync('pnpm', ['--filter', '@reelay/web', 'run', 'build'], {
    cwd: WEB_DIR,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `A compilação do aplicativo web falhou (pnpm --filter @reelay/web build):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Builds the app unless it is current, waiting for a build another process runs.
 *
 * @example
 * ```ts
 * await buildWebAppIfStale(); // then serve packages/web/dist
 * ```
 */
export async function buildWebAppIfStale(): Promise<'built' | 'current'> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (webAppBuildStatus() === 'current') return 'current';
    try {
      mkdirSync(LOCK);
    } catch {
      // Another process builds; a lock left by a killed build is taken over after 2 minutes.
      const lock = statSync(LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > 120_000) {
        rmSync(LOCK, { recursive: true, force: true });
      }
      if (Date.now() > deadline)
        throw new Error('esperou demais por outra compilação do aplicativo web');
      await sleep(500);
      continue;
    }
    try {
      if (webAppBuildStatus() === 'current') return 'current';
      buildWebApp();
      return 'built';
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
