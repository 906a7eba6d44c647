/**
 * Fetching a user-given URL into a file without opening the server's network to the
 * user (SSRF). Every hop of a redirect chain is checked again: https only (plain http in
 * development), IP literals checked before connecting, names resolved and every answer
 * checked, and the connection made to the very address that was checked (the resolver
 * hook hands the socket the vetted address, so a second DNS answer cannot swap it).
 * Size and time are bounded. Failures map to spec §7: `MEDIA_FETCH_FAILED` (the server
 * answered an error, or the URL is not https) and `MEDIA_UNREACHABLE` (DNS, timeout,
 * refused or private address).
 */
import { lookup as systemLookup } from 'node:dns';
import { createWriteStream } from 'node:fs';
import { isIP } from 'node:net';
import { Transform } from 'node:stream';
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

  async function fetchToFile(text: string, destination: string): Promise<FetchedFile> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let url = checkUrl(text);
    for (let hop = 0; ; hop++) {
      let answer: Awaited<ReturnType<typeof request>>;
      try {
        answer = await request(url, {
          dispatcher: agent,
          method: 'GET',
          signal,
          headers: { 'user-agent': 'Reelay-Media-Fetcher/1.0', accept: 'image/*, video/*' },
        });
      } catch (error) {
        throw mapNetworkError(error, url);
      }
      const { statusCode, headers, body } = answer;
      if (REDIRECTS.has(statusCode)) {
        body.resume();
        const location = headers.location;
        if (typeof location !== 'string' || location === '') {
          throw fetchFailed(`A URL da mídia respondeu ${statusCode} sem destino.`);
        }
        if (hop >= options.maxRedirects) {
          throw fetchFailed(`A URL da mídia redirecionou mais de ${options.maxRedirects} vezes.`);
        }
        url = checkUrl(new URL(location, url).toString());
        continue;
      }
      if (statusCode < 200 || statusCode > 299) {
        body.resume();
        throw fetchFailed(`A URL da mídia respondeu com o status ${statusCode}.`);
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        body.destroy();
        throw tooLarge(options.maxBytes);
      }
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > options.maxBytes) return done(tooLarge(options.maxBytes));
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(destination), { signal });
      } catch (error) {
        if (error instanceof ReelayError) throw error;
        throw mapNetworkError(error, url);
      }
      const contentType = headers['content-type'];
      return {
        size,
        url: url.toString(),
        contentType: typeof contentType === 'string' ? contentType : null,
      };
    }
  }

  return { fetchToFile, close: () => agent.close() };
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
