/**
 * A local HTTP server for feeds: documents set by the test at paths, each answered with
 * an ETag and a Last-Modified, and 304 when the request carries the current ETag; a
 * path can be made to fail with a status. It records the conditional headers it got.
 * Feeds point at images of a media server (`media-server.ts`) or at pages served here.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  /** What was answered. */
  status: number;
}

export interface FeedServer {
  url: string;
  /** Serves a document at a path (a new body gets a new ETag); answers its URL. */
  serve(path: string, body: string, contentType: string): string;
  /** Makes a path answer this status (null: serve its document again). */
  fail(path: string, status: number | null): void;
  /** The requests so far, oldest first. */
  readonly requests: FeedRequest[];
  close(): Promise<void>;
}

/** An RSS 2.0 document of some items. */
export function rssFeed(
  title: string,
  items: ReadonlyArray<{ guid?: string; title: string; link: string; extra?: string }>,
): string {
  const entries = items
    .map(
      (item) =>
        `<item><title>${item.title}</title><link>${item.link}</link>${item.guid ? `<guid isPermaLink="false">${item.guid}</guid>` : ''}${item.extra ?? ''}</item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>${title}</title><link>https://blog.example.com/</link><description>${title}</description>${entries}</channel></rss>`;
}

/**
 * @example
 * ```ts
 * const feeds = await startFeedServer();
 * const url = feeds.serve('/rss.xml', rssFeed('Blog', []), 'application/rss+xml');
 * ```
 */
export async function startFeedServer(): Promise<FeedServer> {
  const documents = new Map<string, { body: string; contentType: string; etag: string }>();
  const failing = new Map<string, number>();
  const requests: FeedRequest[] = [];
  const lastModified = new Date(Date.UTC(2026, 10, 1)).toUTCString();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const answer = (status: number) => {
      requests.push({
        path,
        ifNoneMatch: header('if-none-match'),
        ifModifiedSince: header('if-modified-since'),
        status,
      });
      return status;
    };
    const failure = failing.get(path);
    if (failure !== undefined) return res.writeHead(answer(failure)).end('falhou');
    const document = documents.get(path);
    if (!document) return res.writeHead(answer(404)).end();
    if (header('if-none-match') === document.etag) {
      return res.writeHead(answer(304), { etag: document.etag }).end();
    }
    res.writeHead(answer(200), {
      'content-type': document.contentType,
      etag: document.etag,
      'last-modified': lastModified,
    });
    res.end(document.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    serve(path, body, contentType) {
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      documents.set(path, { body, contentType, etag });
      return `${base}${path}`;
    },
    fail(path, status) {
      if (status === null) failing.delete(path);
      else failing.set(path, status);
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
