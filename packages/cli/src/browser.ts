/**
 * Opening a link in the person's browser, only when there is a person and a browser:
 * a terminal on stdout and stderr, not CI, and on Linux a graphical session.
 */
import { spawn } from 'node:child_process';

/**
 * Whether a browser can reasonably be opened from here.
 *
 * @example
 * ```ts
 * if (canOpenBrowser()) openBrowser(url);
 * ```
 */
export function canOpenBrowser(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CI || !process.stdout.isTTY || !process.stderr.isTTY) return false;
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * Opens `url` with the system's handler, detached; failures are ignored (the link is
 * printed anyway).
 *
 * @example
 * ```ts
 * openBrowser('https://www.instagram.com/oauth/authorize?…');
 * ```
 */
export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // The link was printed; opening it is a convenience.
  }
}
