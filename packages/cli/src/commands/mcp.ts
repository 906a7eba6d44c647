/**
 * `reelay mcp`: the Reelay MCP server (`@reelay/mcp`) over stdio, for an AI assistant that
 * starts it as a subprocess. Its tools call the API with this context's server and
 * credential, exactly as the other commands do, and it may upload media files of this
 * machine. Stdout carries the protocol and nothing else: notes go to stderr.
 */
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { loadSettings } from '../settings';
import { t } from '../i18n';

/**
 * Serves the tools until the client closes stdin, or SIGTERM or SIGINT arrives.
 *
 * @example
 * ```ts
 * await mcp(ctx); // {"command":"reelay","args":["mcp"]} in an MCP client's configuration
 * ```
 */
export async function mcp(ctx: CommandContext): Promise<void> {
  const settings = await loadSettings(ctx.global);
  // Credentials are checked now, so a missing key fails with the usual exit code 3
  // before any protocol message.
  const client = await projectClient(settings);
  const { serveStdio } = await import('@reelay/mcp');
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  ctx.out.note(t('mcp.started', { server: settings.server, context: settings.contextName }));
  try {
    await serveStdio({
      client,
      localFiles: true,
      signal: stop.signal,
      logger: {
        error: (message, data) =>
          ctx.out.note(`${message}: ${String((data?.error as Error | undefined)?.message ?? '')}`),
      },
    });
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}
