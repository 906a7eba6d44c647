/**
 * Fetching a user-given URL into a file without opening the server's network to the
 * user (SSRF). Every hop of a redirect chain is checked again: https only (plain http in
 * development), IP literals checked before connecting, names resolved and every answer
 * checked, and the connection made to the very address that was checked (the resolver
 * hook hands the socket the vetted address, so a second DNS answer cannot swap it).
 * Size and time are bounded. Media are written to a file; text documents (a feed, the
 * page an item links to) are read the same way into memory, with conditional requests.
 * Failures map to spec §7: `MEDIA_FETCH_FAILED` (the server
 * answered an error, or the URL is not https) and `MEDIA_UNREACHABLE` (DNS, timeout,
 * refused or private address).
 */
import { lookup as systemLookup } from 'node:dns';
import { createWriteStream } from 'node:fs';
import { isIP } from 'node:net';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS, mediaInvalid, ReelayError } from '@reelay/core';
import { Agent, request } from 'undici';
import { guardedLookup, RefusedAddressError } from './guarded-lookup';
import { refusalOf, type AddressAllowance } from './address-policy';

export interface SafeFetchOptions {
  /** Which non-public addresses may be reached (development only). */
  readonly allow: AddressAllowance;
  /** Accept plain `http:` URLs (development only); production takes https only. */
  readonly allowHttp: boolean;
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number;
  /** Time for the whole fetch, redirects and body included. */
  readonly timeoutMs: number;
  /** Time to open a connection (TCP and TLS). */
  readonly connectTimeoutMs: number;
  readonly maxRedirects: number;
  /** The resolver; the system's (`/etc/hosts`, then DNS) unless given. */
  readonly lookup?: typeof systemLookup;
  /** Extra certificate authorities to trust, PEM (tests with their own https server). */
  readonly ca?: string;
}

/** Defaults for imports: a Reel of 300 MB within 5 minutes. */
export const DEFAULT_SAFE_FETCH: Omit<SafeFetchOptions, 'allow' | 'allowHttp'> = {
  maxBytes: MEDIA_LIMITS.video.reel.maxBytes,
  timeoutMs: 5 * 60_000,
  connectTimeoutMs: 10_000,
  maxRedirects: 5,
};

export interface FetchedFile {
  /** Bytes written. */
  size: number;
  /** The URL that finally answered, after redirects. */
  url: string;
  contentType: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Reelay-Media-Fetcher/1.0';
/** A text document is small and quick, or not worth waiting for. */
const TEXT_TIMEOUT_MS = 30_000;

/** What {@link SafeFetcher.fetchText} asks for. */
export interface TextRequest {
  /** The `Accept` header. */
  accept: string;
  /** Largest body read, in bytes. */
  maxBytes: number;
  /** Validators of a previous answer, sent as `If-None-Match` / `If-Modified-Since`. */
  etag?: string | null;
  lastModified?: string | null;
}

/** A text document, or word that it did not change since the validators sent. */
export type FetchedText =
  | { notModified: true; url: string }
  | {
      notModified: false;
      /** The URL that finally answered, after redirects. */
      url: string;
      body: string;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

const unreachable = (message: string, cause?: unknown) =>
  new ReelayError('MEDIA_UNREACHABLE', { message, cause, details: { field: 'url' } });
const fetchFailed = (message: string, cause?: unknown) =>
  new ReelayError('MEDIA_FETCH_FAILED', { message, cause, details: { field: 'url' } });

/**
 * Creates a fetcher bound to one set of options. Connections are pooled per origin;
 * each new connection resolves and checks the name again.
 *
 * @example
 * ```ts
 * const fetcher = createSafeFetcher({ ...DEFAULT_SAFE_FETCH, allow: PUBLIC_ONLY, allowHttp: false });
 * const { size } = await fetcher.fetchToFile('https://cdn.example.com/foto.jpg', '/tmp/x');
 * await fetcher.close();
 * ```
 */
export function createSafeFetcher(options: SafeFetchOptions) {
  const agent = new Agent({
    connect: {
      lookup: guardedLookup(options.allow, options.lookup ?? systemLookup),
      timeout: options.connectTimeoutMs,
      ...(options.ca ? { ca: options.ca } : {}),
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: Math.min(options.timeoutMs, 60_000),
  });

  /** Checks one hop's URL before any connection is made. */
  function checkUrl(text: string): URL {
    let url: URL;
    try {
      url = new URL(text);
    } catch (error) {
      throw fetchFailed('A URL da mídia é inválida.', error);
    }
    if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
      throw fetchFailed(
        `A URL da mídia deve usar https; recebido ${url.protocol.replace(':', '')}.`,
      );
    }
    if (url.username || url.password) {
      throw fetchFailed('A URL da mídia não pode conter usuário ou senha.');
    }
    // The URL parser has already turned `0x7f.1`, `2130706433` and friends into dotted
    // IPv4, so one check covers every spelling of a literal address.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const reason = refusalOf(host, options.allow);
      if (reason) throw unreachable(`A URL da mídia aponta para um ${reason} (${host}).`);
    }
    return url;
  }

  /**
   * Follows redirects, checking every hop, to the answer that is not one: a 2xx, or a
   * 304 when `notModified` is allowed. Any other status is refused.
   */
  async function open(
    text: string,
    headers: Record<string, string>,
    signal: AbortSignal,
    notModified = false,
  ) {
    let url = checkUrl(text);
    for (let hop = 0; ; hop++) {
      let answer: Awaited<ReturnType<typeof request>>;
      try {
        answer = await request(url, { dispatcher: agent, method: 'GET', signal, headers });
      } catch (error) {
        throw mapNetworkError(error, url);
      }
      const { statusCode, headers: answered, body } = answer;
      if (REDIRECTS.has(statusCode)) {
        body.resume();
        const location = answered.location;
        if (typeof location !== 'string' || location === '') {
          throw fetchFailed(`A URL da mídia respondeu ${statusCode} sem destino.`);
        }
        if (hop >= options.maxRedirects) {
          throw fetchFailed(`A URL da mídia redirecionou mais de ${options.maxRedirects} vezes.`);
        }
        url = checkUrl(new URL(location, url).toString());
        continue;
      }
      if (!(statusCode >= 200 && statusCode <= 299) && !(notModified && statusCode === 304)) {
        body.resume();
        throw fetchFailed(`A URL da mídia respondeu com o status ${statusCode}.`);
      }
      return { url, answer };
    }
  }

  /** Streams a body through the size bound into `destination`; answers the bytes written. */
  async function bounded(
    answer: Awaited<ReturnType<typeof request>>,
    url: URL,
    destination: Writable,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<number> {
    const declared = Number(answer.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      answer.body.destroy();
      throw tooLarge(maxBytes);
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(tooLarge(maxBytes));
        done(null, chunk);
      },
    });
    try {
      await pipeline(answer.body, counter, destination, { signal });
    } catch (error) {
      if (error instanceof ReelayError) throw error;
      throw mapNetworkError(error, url);
    }
    return size;
  }

  async function fetchToFile(text: string, destination: string): Promise<FetchedFile> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const { url, answer } = await open(
      text,
      { 'user-agent': USER_AGENT, accept: 'image/*, video/*' },
      signal,
    );
    const size = await bounded(
      answer,
      url,
      createWriteStream(destination),
      options.maxBytes,
      signal,
    );
    const contentType = answer.headers['content-type'];
    return {
      size,
      url: url.toString(),
      contentType: typeof contentType === 'string' ? contentType : null,
    };
  }

  /**
   * Reads a text document (a feed, a web page) through the same checks, with a smaller
   * bound; `conditional` sends the validators of a previous answer, and a 304 answers
   * `notModified`.
   */
  async function fetchText(text: string, ask: TextRequest): Promise<FetchedText> {
    const signal = AbortSignal.timeout(Math.min(options.timeoutMs, TEXT_TIMEOUT_MS));
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ask.accept };
    if (ask.etag) headers['if-none-match'] = ask.etag;
    if (ask.lastModified) headers['if-modified-since'] = ask.lastModified;
    const { url, answer } = await open(text, headers, signal, true);
    const header = (name: string) => {
      const value = answer.headers[name];
      return typeof value === 'string' ? value : null;
    };
    if (answer.statusCode === 304) {
      answer.body.resume();
      return { notModified: true, url: url.toString() };
    }
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await bounded(answer, url, collector, ask.maxBytes, signal);
    return {
      notModified: false,
      url: url.toString(),
      body: Buffer.concat(chunks).toString('utf8'),
      contentType: header('content-type'),
      etag: header('etag'),
      lastModified: header('last-modified'),
    };
  }

  return { fetchToFile, fetchText, close: () => agent.close() };
}

export type SafeFetcher = ReturnType<typeof createSafeFetcher>;

function tooLarge(maxBytes: number): ReelayError {
  return mediaInvalid(
    {
      reason: 'too_large',
      message: `o arquivo da URL passa de ${Math.round(maxBytes / 1024 / 1024)} MB`,
    },
    'url',
  );
}

/** Network failures: a refused address, DNS, timeouts and resets are all "unreachable". */
function mapNetworkError(error: unknown, url: URL): ReelayError {
  const chain: unknown[] = [];
  for (let at: unknown = error; at && chain.length < 5; at = (at as { cause?: unknown }).cause) {
    chain.push(at);
  }
  const refused = chain.find((item) => item instanceof RefusedAddressError);
  if (refused) {
    return unreachable(
      `O endereço da mídia (${refused.host}) resolve para um ${refused.reason} (${refused.address}).`,
      error,
    );
  }
  const code = chain
    .map(
      (item) =>
        (item as { code?: unknown; name?: unknown }).code ?? (item as { name?: unknown }).name,
    )
    .find((value) => typeof value === 'string') as string | undefined;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
    return unreachable(`O nome ${url.hostname} não foi encontrado no DNS.`, error);
  }
  if (
    code === 'TimeoutError' ||
    code === 'AbortError' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'ETIMEDOUT'
  ) {
    return unreachable(`A URL da mídia não respondeu a tempo (${url.host}).`, error);
  }
  return unreachable(`Não foi possível baixar a mídia de ${url.host}.`, error);
}
