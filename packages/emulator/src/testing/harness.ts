/**
 * Helpers for the emulator's own tests: start a real emulator on a manual clock and talk
 * to it over real HTTP. Not part of the public API.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createManualClock, type ManualClock } from '../clock';
import { startEmulator, type Emulator, type EmulatorOptions } from '../start-emulator';

/** Where the manual clock of every test emulator starts: 2026-01-01T00:00:00Z. */
export const TEST_START = Date.UTC(2026, 0, 1);

export interface TestEmulator {
  readonly emulator: Emulator;
  readonly clock: ManualClock;
  /** Forgets everything and puts the clock back to {@link TEST_START}; for `beforeEach`. */
  reset(): void;
}

/** An emulator on a frozen clock, seeded, with instant processing unless told otherwise. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const clock = createManualClock(TEST_START);
  const emulator = await startEmulator({
    seed: 'test',
    clock,
    fetchMedia: false,
    containerProcessingMs: 0,
    videoProcessingMs: 0,
    ...options,
  });
  return {
    emulator,
    clock,
    reset() {
      emulator.reset();
      clock.set(TEST_START);
    },
  };
}

export interface CallOptions {
  /** Sent in the query string. */
  readonly query?: Record<string, string>;
  /** Sent as a form body. */
  readonly form?: Record<string, string>;
  /** Sent as a JSON body. */
  readonly json?: unknown;
  /** Sent as `Authorization: Bearer`. */
  readonly token?: string;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // Tests read whatever shape they expect.
  readonly body: any;
}

/** One real HTTP request to the emulator. */
export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const url = new URL(path, emulator.url);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(url, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** An account and a long-lived token for it. */
export async function accountWithToken(
  emulator: Emulator,
  input: Partial<Parameters<Emulator['createAccount']>[0]> = {},
): Promise<{ id: string; username: string; token: string }> {
  const count = (await call(emulator, 'GET', '/_emulator/accounts')).body.data.length as number;
  const account = emulator.createAccount({ username: `account_${count + 1}`, ...input });
  return {
    id: account.id,
    username: account.username,
    token: emulator.mintToken(account.id).access_token,
  };
}

/** Creates a container and returns its id, failing loudly when the emulator refuses. */
export async function createContainer(
  emulator: Emulator,
  token: string,
  params: Record<string, string>,
): Promise<string> {
  const res = await call(emulator, 'POST', '/v21.0/me/media', { token, form: params });
  if (res.status !== 200) throw new Error(`container refused: ${res.text}`);
  return res.body.id as string;
}

/** Publishes a container, returning the raw answer. */
export function publish(
  emulator: Emulator,
  token: string,
  creationId: string,
): Promise<CallResult> {
  return call(emulator, 'POST', '/v21.0/me/media_publish', {
    token,
    form: { creation_id: creationId },
  });
}

/** Creates and publishes a feed image; returns the media id. */
export async function publishImage(
  emulator: Emulator,
  token: string,
  caption = 'hello',
): Promise<string> {
  const id = await createContainer(emulator, token, {
    image_url: 'https://cdn.example.com/a.jpg',
    caption,
  });
  const res = await publish(emulator, token, id);
  if (res.status !== 200) throw new Error(`publish refused: ${res.text}`);
  return res.body.id as string;
}

/** The error envelope's `code` and `error_subcode`, for compact assertions. */
export function graphCode(result: CallResult): { status: number; code?: number; subcode?: number } {
  return {
    status: result.status,
    code: result.body?.error?.code,
    subcode: result.body?.error?.error_subcode,
  };
}

/** What a receiver got: one request to a test HTTP server. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

export interface Receiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** The POSTs received (webhook notifications), oldest first. */
  posts(): ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server standing for an app's webhook endpoint: it answers Meta's
 * verification GET by echoing `hub.challenge` when `hub.verify_token` matches (or as
 * `answer` says), and POSTs with `status` (200 unless told).
 */
export async function startReceiver(
  options: {
    verifyToken?: string;
    status?: () => number;
    answer?: (challenge: string) => { status: number; body: string };
  } = {},
): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.method === 'GET') {
        const query = new URL(req.url ?? '/', 'http://receiver').searchParams;
        const challenge = query.get('hub.challenge') ?? '';
        const answer = options.answer
          ? options.answer(challenge)
          : query.get('hub.mode') === 'subscribe' &&
              query.get('hub.verify_token') === (options.verifyToken ?? 'verify-me')
            ? { status: 200, body: challenge }
            : { status: 403, body: 'forbidden' };
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body);
        return;
      }
      res.writeHead(options.status?.() ?? 200, { 'content-type': 'text/plain' });
      res.end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    posts: () => received.filter((r) => r.method === 'POST'),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Facebook Login permissions a Page token gets in {@link facebookPageToken} by default. */
export const COMMENT_PERMISSIONS = [
  'instagram_basic',
  'instagram_manage_comments',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_metadata',
];

/**
 * An account linked to a person's Page, and a Page token for it from the Login dialog
 * (with `scope` = `permissions`), the code exchange and `/me/accounts`.
 */
export async function facebookPageToken(
  emulator: Emulator,
  options: {
    username?: string;
    permissions?: readonly string[];
    tasks?: Array<'MANAGE' | 'CREATE_CONTENT' | 'MODERATE' | 'ANALYZE'>;
  } = {},
): Promise<{
  accountId: string;
  pageId: string;
  userId: string;
  pageToken: string;
  userToken: string;
}> {
  const account = emulator.createAccount({ username: options.username ?? 'cafe.aurora' });
  const user = emulator.createFacebookUser({
    name: 'Ana Souza',
    pages: [
      {
        name: 'Café Aurora',
        instagramAccountId: account.id,
        ...(options.tasks ? { tasks: options.tasks } : {}),
      },
    ],
  });
  const redirect = 'https://app.example.com/cb';
  const dialog = await call(emulator, 'GET', '/facebook/v25.0/dialog/oauth', {
    query: {
      client_id: emulator.config.facebookAppId,
      redirect_uri: redirect,
      state: 's',
      response_type: 'code',
      scope: (options.permissions ?? COMMENT_PERMISSIONS).join(','),
      user: user.id,
      decision: 'allow',
    },
  });
  const code = new URL(dialog.headers.get('location')!).searchParams.get('code')!;
  const exchange = await call(emulator, 'GET', '/facebook/v25.0/oauth/access_token', {
    query: {
      client_id: emulator.config.facebookAppId,
      client_secret: emulator.config.facebookAppSecret,
      redirect_uri: redirect,
      code,
    },
  });
  const userToken = exchange.body.access_token as string;
  const pages = await call(emulator, 'GET', '/facebook/v25.0/me/accounts', {
    query: { fields: 'id,access_token' },
    token: userToken,
  });
  return {
    accountId: account.id,
    pageId: user.pages[0]!.id,
    userId: user.id,
    pageToken: pages.body.data[0].access_token as string,
    userToken,
  };
}
