/**
 * What the MCP suites run against: a real Reelay server on a real database, wired to the
 * Instagram emulator, a local server of real image files for URL imports, and a signed-up
 * customer with a key and a connected account. Started with the server's own test
 * helpers; the clock is manual and background work runs when a test settles it.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestDialect } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

export interface World {
  platform: Platform;
  media: MediaServer;
  /** A customer with an API key and one connected account. */
  customer: Account;
  accountId: string;
  /** The emulator's id of that account. */
  platformAccountId: string;
  /** Runs the server's queue to the end, moving its clock. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the server, the emulator and the media server, and connects one account.
 *
 * @example
 * ```ts
 * const world = await startWorld(dialect);
 * afterAll(() => world.close());
 * ```
 */
export async function startWorld(dialect: TestDialect): Promise<World> {
  const media = await startMediaServer();
  const platform = await startWithEmulator(dialect, {
    env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
    reelay: { workers: false },
  });
  const customer = await createAccount(platform.server.url);
  const connected = await connectThroughPlatform(platform, customer, { username: 'cafe.aurora' });
  if (connected.status !== 200) throw new Error(`connect failed: ${JSON.stringify(connected)}`);
  return {
    platform,
    media,
    customer,
    accountId: connected.body.integration.id,
    platformAccountId: connected.platformAccountId,
    settle: () => settle(platform.server),
    async close() {
      await platform.close();
      await media.close();
    },
  };
}

/** A tool's structured answer, failing the test with the text when it is an error. */
export function structured<T = any>(result: CallToolResult | Record<string, unknown>): T {
  const call = result as CallToolResult;
  if (call.isError) throw new Error(`the tool failed: ${JSON.stringify(call.content)}`);
  return call.structuredContent as T;
}

/** A tool's error, failing the test when the call succeeded. */
export function toolError(result: CallToolResult | Record<string, unknown>) {
  const call = result as CallToolResult;
  if (!call.isError) throw new Error(`the tool succeeded: ${JSON.stringify(call.content)}`);
  const text = (call.content[0] as { type: 'text'; text: string }).text;
  const error = (call.structuredContent as { error: Record<string, any> }).error;
  return { text, error };
}

/** Calls a tool. */
export function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return client.callTool({ name, arguments: args });
}
