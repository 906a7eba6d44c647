/**
 * `reelay mcp`, the built CLI started as a subprocess by the official SDK's stdio client,
 * with the credential and server from the environment as any `reelay` command takes
 * them. Also what the protocol needs from the process: stdout carries nothing but
 * JSON-RPC lines, and the process ends when the client closes stdin. Runs the CLI's
 * build (`pnpm --filter @reelay/mcp build && pnpm --filter @reelay/cli build`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidJpeg } from '../../core/src/platform/testing/media-fixtures';
import { BIN, freshConfigDir, runCli } from '@reelay/test-support/cli';
import { testDialects } from '@reelay/test-support/dialects';
import { createAccount } from '@reelay/test-support/http-client';
import { inZone } from '../src/server-time';
import { callTool, startWorld, structured, toolError, type World } from './helpers/world';

// The CLI does not depend on the database: SQLite, as the CLI's own suites.
const sqlite = testDialects()[0]!;

describe('reelay mcp over stdio', () => {
  let world: World;
  let mcp: Client;
  let stderr = '';
  const protocolErrors: Error[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'reelay-mcp-stdio-'));
  const configDir = freshConfigDir();
  const environment = () => ({
    PATH: process.env.PATH ?? '',
    HOME: configDir,
    REELAY_CONFIG_DIR: configDir,
    REELAY_SERVER: world.platform.server.url,
    REELAY_API_KEY: world.customer.apiKey,
  });

  /** `reelay mcp` started by the SDK's stdio client, as an MCP host starts it. */
  async function connectStdio(env: Record<string, string>): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      env,
      stderr: 'pipe',
    });
    transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'reelay-tests', version: '1.0.0' });
    // A line on stdout that is not JSON-RPC would land here.
    client.onerror = (error) => protocolErrors.push(error);
    await client.connect(transport);
    return client;
  }

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run pnpm build`);
    world = await startWorld(sqlite);
    mcp = await connectStdio(environment());
  });
  afterAll(async () => {
    await mcp?.close();
    await world?.close();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
  });

  it('offers the contract tools plus uploads of local files, and notes on stderr only', async () => {
    const { tools } = await mcp.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['create_post', 'current_time', 'upload_media_from_file']),
    );
    expect(tools.find((tool) => tool.name === 'upload_media_from_file')!.annotations).toMatchObject(
      { readOnlyHint: false, idempotentHint: false },
    );
    expect(stderr).toContain(`Reelay MCP em stdio: servidor ${world.platform.server.url}`);
    expect(protocolErrors).toEqual([]);
  });

  it("tells the server's time from its Date header", async () => {
    const answer = structured(await callTool(mcp, 'current_time', { timezone: 'UTC' }));
    expect(answer.source).toBe('server');
    expect(Math.abs(Date.parse(answer.now) - Date.now())).toBeLessThan(10_000);
    expect(answer.localTime).toMatch(/\+00:00$/);
  });

  it('uploads a file of this machine and publishes it once, however often the call is repeated', async () => {
    const path = join(scratch, 'cafe.jpg');
    writeFileSync(path, solidJpeg(1080, 1350));
    const uploaded = structured(await callTool(mcp, 'upload_media_from_file', { path }));
    expect(uploaded.media.id).toMatch(/^med_/);

    const args = {
      content: 'Do meu computador',
      mediaItems: [{ mediaId: uploaded.media.id }],
      platforms: [{ platform: 'instagram', accountId: world.accountId }],
    };
    const first = structured(await callTool(mcp, 'create_post', args));
    const second = structured(await callTool(mcp, 'create_post', args));
    expect(second.post.id).toBe(first.post.id);

    await world.settle();
    const read = structured(await callTool(mcp, 'get_post', { id: first.post.id }));
    expect(read.post.status).toBe('published');
    const published = world.platform.emulator
      .published()
      .filter((item) => item.accountId === world.platformAccountId);
    expect(published).toHaveLength(1);
  });

  it("schedules a post in the person's zone that another project cannot see, published at its time", async () => {
    const scheduledFor = inZone(new Date(Date.now() + 3 * 60 * 60_000), 'America/Sao_Paulo');
    const created = structured(
      await callTool(mcp, 'create_post', {
        content: 'Mais tarde',
        mediaItems: [{ type: 'image', url: world.media.image(1080, 1350, 'jpg', 9) }],
        platforms: [{ platform: 'instagram', accountId: world.accountId }],
        scheduledFor,
        timezone: 'America/Sao_Paulo',
      }),
    );
    expect(created.post).toMatchObject({ status: 'scheduled', timezone: 'America/Sao_Paulo' });

    const noOffset = toolError(
      await callTool(mcp, 'reschedule_post', {
        id: created.post.id,
        scheduledFor: scheduledFor.slice(0, 19),
      }),
    );
    expect(noOffset.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'scheduledFor' },
    });

    const stranger = await createAccount(world.platform.server.url);
    const theirs = await connectStdio({ ...environment(), REELAY_API_KEY: stranger.apiKey });
    try {
      const refused = toolError(await callTool(theirs, 'get_post', { id: created.post.id }));
      expect(refused.error).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    } finally {
      await theirs.close();
    }

    const published = () =>
      world.platform.emulator
        .published()
        .filter((item) => item.accountId === world.platformAccountId);
    const before = published().length;
    await world.settle();
    const read = structured(await callTool(mcp, 'get_post', { id: created.post.id }));
    expect(read.post.status).toBe('published');
    expect(published()).toHaveLength(before + 1);
  });

  it('sends only media files, and says which field is wrong', async () => {
    const secret = join(scratch, 'notes.txt');
    writeFileSync(secret, 'not media');
    const refused = toolError(await callTool(mcp, 'upload_media_from_file', { path: secret }));
    expect(refused.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'path' } });

    const missing = toolError(
      await callTool(mcp, 'upload_media_from_file', { path: join(scratch, 'absent.png') }),
    );
    expect(missing.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'path' } });
    expect(protocolErrors).toEqual([]);
  });

  it('writes nothing but JSON-RPC to stdout and exits 0 when stdin closes', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp'], {
      env: environment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      })}\n`,
    );
    await new Promise<void>((resolve) => {
      const check = () => (stdout.includes('\n') ? resolve() : setTimeout(check, 20));
      check();
    });
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'reelay' } },
    });
  });

  it('fails before any protocol message without a credential (exit 3)', async () => {
    const result = await runCli(['mcp'], {
      env: { PATH: process.env.PATH ?? '', HOME: configDir, REELAY_CONFIG_DIR: configDir },
    });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/credencial/);
  });
});
