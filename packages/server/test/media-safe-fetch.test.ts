/**
 * The fetcher behind media URL imports (src/media/safe-fetch.ts), against real servers on
 * 127.0.0.1: the SSRF guard on every address and redirect, size and time bounds, https.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReelayError } from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ONLY, type AddressAllowance } from '../src/media/address-policy';
import {
  createSafeFetcher,
  DEFAULT_SAFE_FETCH,
  type SafeFetchOptions,
} from '../src/media/safe-fetch';

/** A real HTTP(S) server on 127.0.0.1 that counts what reaches it. */
async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  tls?: { key: string; cert: string },
) {
  const hits: string[] = [];
  const server: Server = tls
    ? createHttpsServer(tls, (req, res) => {
        hits.push(req.url ?? '');
        handler(req, res);
      })
    : createServer((req, res) => {
        hits.push(req.url ?? '');
        handler(req, res);
      });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits,
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const folder = mkdtempSync(join(tmpdir(), 'reelay-fetch-'));
let counter = 0;
const destination = () => join(folder, `file-${++counter}`);

function fetcher(options: Partial<SafeFetchOptions> & { allow?: AddressAllowance } = {}) {
  return createSafeFetcher({
    ...DEFAULT_SAFE_FETCH,
    allow: PUBLIC_ONLY,
    allowHttp: false,
    ...options,
  });
}

/** The error a fetch fails with, as `code` and `reason`. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof ReelayError)) throw error;
    return { code: error.code, reason: error.details?.reason, message: error.message };
  }
  throw new Error('the fetch succeeded');
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the SSRF guard', () => {
  let target: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    target = await serve((_req, res) => res.end('segredo interno'));
  });
  afterAll(() => target.close());

  it('refuses plain http in production, before any connection', async () => {
    const guarded = fetcher();
    expect(await failure(guarded.fetchToFile(`${target.url}/x`, destination()))).toMatchObject({
      code: 'MEDIA_FETCH_FAILED',
    });
    expect(
      await failure(guarded.fetchToFile('ftp://example.com/x.jpg', destination())),
    ).toMatchObject({ code: 'MEDIA_FETCH_FAILED' });
    expect(target.hits).toEqual([]);
    await guarded.close();
  });

  it('refuses private, loopback, link-local and metadata IPv4 literals in every spelling', async () => {
    const guarded = fetcher({ allowHttp: true });
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${target.port}`,
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.10',
      '100.64.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '2130706433', // 127.0.0.1 as one decimal number
      '0x7f.0.0.1', // hexadecimal first part
      '0177.0.0.1', // octal first part
    ]) {
      expect(
        await failure(guarded.fetchToFile(`http://${host}/x.jpg`, destination())),
        host,
      ).toMatchObject({ code: 'MEDIA_UNREACHABLE' });
    }
    expect(target.hits).toEqual([]);
    await guarded.close();
  });

  it('refuses IPv6 loopback, unique-local, link-local and IPv4-mapped literals', async () => {
    const guarded = fetcher({ allowHttp: true });
    for (const host of [
      '[::1]',
      '[::]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]', // 169.254.169.254, mapped
      '[64:ff9b::7f00:1]', // 127.0.0.1 through NAT64
      '[fd00:ec2::254]',
    ]) {
      expect(
        await failure(guarded.fetchToFile(`https://${host}/x.jpg`, destination())),
        host,
      ).toMatchObject({ code: 'MEDIA_UNREACHABLE' });
    }
    await guarded.close();
  });

  it('reaches an IPv6 loopback literal only when loopback is allowed, brackets and all', async (context) => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('ipv6');
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(0, '::1', () => resolve(true));
    });
    if (!listening) return context.skip('no IPv6 loopback on this machine');
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of ['[::1]', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]']) {
        const closed = fetcher({ allowHttp: true });
        expect(
          await failure(closed.fetchToFile(`http://${host}:${port}/x.jpg`, destination())),
          host,
        ).toMatchObject({ code: 'MEDIA_UNREACHABLE' });
        await closed.close();
      }
      expect(hits).toEqual([]);
      const open = fetcher({ allowHttp: true, allow: { loopback: true, private: false } });
      const file = destination();
      const fetched = await open.fetchToFile(`http://[::1]:${port}/y.jpg`, file);
      expect(fetched).toMatchObject({ size: 4, url: `http://[::1]:${port}/y.jpg` });
      expect(readFileSync(file, 'utf8')).toBe('ipv6');
      await open.close();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a DNS name that resolves to loopback, checking the resolved address', async () => {
    const guarded = fetcher({ allowHttp: true });
    const refused = await failure(
      guarded.fetchToFile(`http://localhost:${target.port}/x.jpg`, destination()),
    );
    expect(refused).toMatchObject({ code: 'MEDIA_UNREACHABLE' });
    expect(refused.message).toMatch(/localhost.*loopback/);
    expect(target.hits).toEqual([]);
    await guarded.close();
  });

  it('re-checks every redirect: a public-looking hop cannot send the fetch to a private address', async () => {
    const redirector = await serve((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')!;
      res.writeHead(302, { location: to }).end();
    });
    // Loopback stands in for "the internet" here; private ranges stay closed.
    const guarded = fetcher({ allowHttp: true, allow: { loopback: true, private: false } });
    for (const to of [
      'http://10.0.0.1/admin',
      'http://192.168.1.1/',
      'http://[fd00::1]/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const refused = await failure(
        guarded.fetchToFile(`${redirector.url}/go?to=${encodeURIComponent(to)}`, destination()),
      );
      expect(refused, to).toMatchObject({ code: 'MEDIA_UNREACHABLE' });
    }
    await guarded.close();
    await redirector.close();
  });

  it('keeps cloud metadata closed even with private addresses allowed', async () => {
    const redirector = await serve((_req, res) =>
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    const guarded = fetcher({ allowHttp: true, allow: { loopback: true, private: true } });
    expect(await failure(guarded.fetchToFile(`${redirector.url}/x`, destination()))).toMatchObject({
      code: 'MEDIA_UNREACHABLE',
    });
    await guarded.close();
    await redirector.close();
  });
});

describe('fetching', () => {
  const development = { allowHttp: true, allow: { loopback: true, private: true } };

  it('writes the body to the file and follows relative redirects', async () => {
    const body = Buffer.alloc(200_000, 7);
    const origin = await serve((req, res) => {
      if (req.url === '/start') return res.writeHead(301, { location: '/final.jpg' }).end();
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
    });
    const guarded = fetcher(development);
    const path = destination();
    const fetched = await guarded.fetchToFile(`${origin.url}/start`, path);
    expect(fetched).toMatchObject({ size: 200_000, contentType: 'image/jpeg' });
    expect(fetched.url).toBe(`${origin.url}/final.jpg`);
    expect(readFileSync(path).equals(body)).toBe(true);
    await guarded.close();
    await origin.close();
  });

  it('answers MEDIA_FETCH_FAILED for error statuses and endless redirects', async () => {
    const origin = await serve((req, res) => {
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/nowhere') return res.writeHead(302).end();
      res.writeHead(req.url === '/gone' ? 404 : 503).end();
    });
    const guarded = fetcher(development);
    for (const path of ['/gone', '/down', '/loop', '/nowhere']) {
      expect(
        await failure(guarded.fetchToFile(`${origin.url}${path}`, destination())),
        path,
      ).toMatchObject({ code: 'MEDIA_FETCH_FAILED' });
    }
    expect(origin.hits.filter((hit) => hit === '/loop')).toHaveLength(
      DEFAULT_SAFE_FETCH.maxRedirects + 1,
    );
    await guarded.close();
    await origin.close();
  });

  it('stops a body past the size bound, declared or not', async () => {
    const origin = await serve((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(5_000_000) });
        return res.end(Buffer.alloc(5_000_000));
      }
      // Chunked: no length announced, the bound is found while reading.
      res.writeHead(200);
      res.write(Buffer.alloc(600_000));
      res.end(Buffer.alloc(600_000));
    });
    const guarded = fetcher({ ...development, maxBytes: 1_000_000 });
    for (const path of ['/declared', '/chunked']) {
      expect(
        await failure(guarded.fetchToFile(`${origin.url}${path}`, destination())),
        path,
      ).toMatchObject({ code: 'MEDIA_INVALID', reason: 'too_large' });
    }
    await guarded.close();
    await origin.close();
  });

  it('gives up on a server that never answers: MEDIA_UNREACHABLE', async () => {
    const silent = await serve(() => {});
    const guarded = fetcher({ ...development, timeoutMs: 300 });
    const started = Date.now();
    expect(
      await failure(guarded.fetchToFile(`${silent.url}/slow.jpg`, destination())),
    ).toMatchObject({
      code: 'MEDIA_UNREACHABLE',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    await guarded.close();
    await silent.close();
  });

  it('answers MEDIA_UNREACHABLE for a name that does not resolve and a closed port', async () => {
    const closed = await serve(() => {});
    const port = closed.port;
    await closed.close();
    const guarded = fetcher({ ...development, timeoutMs: 10_000 });
    for (const url of ['http://reelay-test.invalid/x.jpg', `http://127.0.0.1:${port}/x.jpg`]) {
      expect(await failure(guarded.fetchToFile(url, destination())), url).toMatchObject({
        code: 'MEDIA_UNREACHABLE',
      });
    }
    await guarded.close();
  });
});

describe('https', () => {
  let tls: { key: string; cert: string };
  beforeAll(() => {
    // A certificate for 127.0.0.1, made for this run (openssl ships with Debian).
    const dir = mkdtempSync(join(tmpdir(), 'reelay-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    tls = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
    rmSync(dir, { recursive: true, force: true });
  });

  it('fetches over https, and refuses a redirect that downgrades to http', async () => {
    const plain = await serve((_req, res) => res.end('texto'));
    const origin = await serve((req, res) => {
      if (req.url === '/downgrade') return res.writeHead(302, { location: `${plain.url}/x` }).end();
      res.end(Buffer.alloc(1234, 1));
    }, tls);
    const guarded = fetcher({ allow: { loopback: true, private: false }, ca: tls.cert });
    const path = destination();
    expect(await guarded.fetchToFile(`${origin.url}/ok.jpg`, path)).toMatchObject({ size: 1234 });
    expect(statSync(path).size).toBe(1234);
    expect(
      await failure(guarded.fetchToFile(`${origin.url}/downgrade`, destination())),
    ).toMatchObject({
      code: 'MEDIA_FETCH_FAILED',
    });
    expect(plain.hits).toEqual([]);
    await guarded.close();
    await origin.close();
    await plain.close();
  });

  it('refuses a certificate nobody vouches for', async () => {
    const origin = await serve((_req, res) => res.end('x'), tls);
    const guarded = fetcher({ allow: { loopback: true, private: false } });
    expect(await failure(guarded.fetchToFile(`${origin.url}/x.jpg`, destination()))).toMatchObject({
      code: 'MEDIA_UNREACHABLE',
    });
    await guarded.close();
    await origin.close();
  });
});
