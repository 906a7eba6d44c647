/**
 * A broken upload costs one 400 answer, never the server: truncated, malformed and
 * aborted `multipart/form-data` bodies are sent to a server running as a child process
 * (from the sources), so an unhandled stream error shows as the process dying.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import { freePort } from '@reelay/test-support/free-port';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const BOUNDARY = 'XX';

interface ChildServer {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr (the crash, when there is one). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `src/main.ts` in its own Node process and waits for `/healthz`. */
async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@reelay/source', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', REELAY_LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (data) => (stderr += data));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = env.REELAY_PUBLIC_URL!;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited before answering:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${stderr}`);
    if (await healthy(url)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}

/** One multipart part header block for the `file` field (or another name). */
const partHead = (name = 'file', filename = 'a.jpg') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n`;

/** Files under a folder, recursively (stored media and temporary uploads). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
});

describe.each(testDialects())('broken uploads on $name', (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ChildServer;
  let account: Account;

  beforeAll(async () => {
    database = await dialect.create();
    dataDir = mkdtempSync(join(tmpdir(), 'reelay-upload-faults-'));
    const port = await freePort();
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REELAY_DATA_DIR: dataDir,
      REELAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
      REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    server = await startChildServer(env);
    account = await createAccount(server.url);
  }, 60_000);

  // A crash in one case must not hide the next one: a dead server is started again on
  // the same database and folder.
  beforeEach(async () => {
    if (!(await healthy(server.url))) {
      await server.stop();
      server = await startChildServer(env);
    }
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends exactly these bytes as the upload body and reads the answer. */
  async function send(body: string | Buffer, boundary = BOUNDARY) {
    const response = await fetch(`${server.url}/v1/media`, {
      method: 'POST',
      headers: { ...account.key, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: typeof body === 'string' ? Buffer.from(body) : new Uint8Array(body),
    }).catch((error: unknown) => error as Error);
    if (response instanceof Error) {
      throw new Error(`no answer (${response.message}); server stderr:\n${server.stderr()}`);
    }
    return { status: response.status, body: (await response.json()) as any };
  }

  /** The server process is alive, answers /healthz and left no file behind. */
  async function expectStillServing() {
    expect(await healthy(server.url), server.stderr()).toBe(true);
    expect(server.child.exitCode, server.stderr()).toBeNull();
    expect(
      await waitFor(() => filesUnder(join(dataDir, 'media')).length === 0),
      filesUnder(join(dataDir, 'media')).join('\n'),
    ).toBe(true);
  }

  const malformedAnswer = {
    statusCode: 400,
    code: 'VALIDATION_ERROR',
    message: expect.any(String),
    details: { field: 'file' },
  };

  it('answers 400 to a body that ends right after the file part headers, and keeps serving', async () => {
    const answer = await send(
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(malformedAnswer);
    await expectStillServing();
  });

  it('answers 400 to a body that ends in the middle of the file content', async () => {
    const answer = await send(Buffer.concat([Buffer.from(partHead()), jpeg.subarray(0, 2000)]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(malformedAnswer);
    await expectStillServing();
  });

  it('answers 400 to a body that ends in the middle of the part headers', async () => {
    const answer = await send('--XX\r\nContent-Disposition: form-data; name="file"; filen');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(malformedAnswer);
    await expectStillServing();
  });

  it('answers 400 to a body whose boundary is not the announced one', async () => {
    const body = Buffer.concat([
      Buffer.from(partHead()),
      jpeg,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const answer = await send(body, 'YY');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    await expectStillServing();
  });

  it('answers 400 to a body cut inside a part that is not the file', async () => {
    const answer = await send(`${partHead('other', 'notes.txt')}some text`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(malformedAnswer);
    await expectStillServing();
  });

  it('stores nothing when the form breaks off after a complete file part', async () => {
    const body = Buffer.concat([Buffer.from(partHead()), jpeg, Buffer.from(`\r\n--${BOUNDARY}`)]);
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(malformedAnswer);
    await expectStillServing();
  });

  it('survives a client that goes away in the middle of an upload, and keeps no temporary file', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.on('error', () => {});
    socket.write(
      [
        'POST /v1/media HTTP/1.1',
        `host: ${hostname}:${port}`,
        `x-access-key: ${account.apiKey}`,
        `content-type: multipart/form-data; boundary=${BOUNDARY}`,
        `content-length: ${1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(partHead());
    socket.write(jpeg.subarray(0, 4000));
    // Long enough for the server to have opened its temporary file.
    await waitFor(() => filesUnder(join(dataDir, 'media', 'incoming')).length > 0, 2_000);
    socket.destroy();
    await expectStillServing();
  });

  it('still accepts a well-formed upload afterwards', async () => {
    const body = Buffer.concat([
      Buffer.from(partHead()),
      jpeg,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const answer = await send(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.media).toMatchObject({ type: 'image', width: 1080, height: 1350 });
  });
});
