/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …).
 * Requests are signed with AWS Signature V4 by aws4fetch and sent with undici, so a
 * file streams from disk to the bucket and from the bucket to the platform without
 * being held in memory. The payload is sent unsigned (`UNSIGNED-PAYLOAD`): hashing a
 * 300 MB file before sending it would read it twice; TLS protects it on the way.
 * aws4fetch also presigns: the signature goes in the query string instead of a header,
 * so the platform can fetch an object of a private bucket by URL alone.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import { Agent, request } from 'undici';
import { assertStorageKey, type MediaStorage } from './media-storage';

export interface S3Settings {
  /** Base URL of the service, e.g. `https://s3.us-east-1.amazonaws.com`. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, tests). */
  readonly forcePathStyle: boolean;
}

/**
 * Creates the S3 backend.
 *
 * @example
 * ```ts
 * const storage = createS3Storage({ endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'reelay-media',
 *   region: 'us-east-1', accessKeyId: '…', secretAccessKey: '…', forcePathStyle: false });
 * ```
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const agent = new Agent({ connect: { timeout: 10_000 }, headersTimeout: 60_000 });
  const base = new URL(settings.endpoint);

  function objectUrl(key: string): string {
    assertStorageKey(key);
    if (settings.forcePathStyle) {
      return `${base.origin}${base.pathname.replace(/\/$/, '')}/${settings.bucket}/${key}`;
    }
    return `${base.protocol}//${settings.bucket}.${base.host}${base.pathname.replace(/\/$/, '')}/${key}`;
  }

  async function send(
    method: 'GET' | 'PUT' | 'DELETE' | 'HEAD',
    key: string,
    headers: Record<string, string> = {},
    body?: () => Readable,
  ) {
    const signer = new AwsV4Signer({
      method,
      url: objectUrl(key),
      headers,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
    });
    const signed = await signer.sign();
    // The body is opened only now, when undici takes it (and listens for its errors) at
    // once: a file stream opened before the signing await could fail to open (a missing
    // file, too many open files) with nobody listening, which ends the process.
    return request(signed.url, {
      dispatcher: agent,
      method,
      headers: Object.fromEntries(signed.headers),
      body: body?.(),
    });
  }

  async function failed(answer: Awaited<ReturnType<typeof request>>, what: string): Promise<Error> {
    const text = await answer.body.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    return new Error(`S3 ${what} respondeu ${answer.statusCode} ${code}`.trim());
  }

  return {
    kind: 's3',
    async put(key, file, contentType, size) {
      const answer = await send(
        'PUT',
        key,
        { 'content-type': contentType, 'content-length': String(size) },
        () => createReadStream(file),
      );
      if (answer.statusCode !== 200) throw await failed(answer, `PUT ${key}`);
      await answer.body.dump();
    },
    async read(key, range) {
      const answer = await send(
        'GET',
        key,
        range ? { range: `bytes=${range.start}-${range.end}` } : {},
      );
      if (answer.statusCode !== 200 && answer.statusCode !== 206) {
        throw await failed(answer, `GET ${key}`);
      }
      return answer.body;
    },
    async download(key, file) {
      const answer = await send('GET', key);
      if (answer.statusCode !== 200) throw await failed(answer, `GET ${key}`);
      await pipeline(answer.body, createWriteStream(file));
    },
    async remove(key) {
      const answer = await send('DELETE', key);
      // S3 answers 204 for deleted and absent objects alike; some servers answer 404.
      if (answer.statusCode !== 204 && answer.statusCode !== 200 && answer.statusCode !== 404) {
        throw await failed(answer, `DELETE ${key}`);
      }
      await answer.body.dump();
    },
    async exists(key) {
      const answer = await send('HEAD', key);
      await answer.body.dump();
      return answer.statusCode === 200;
    },
    async signedReadUrl(key, lifetimeSeconds) {
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(lifetimeSeconds));
      // Signed at the wall-clock time, whatever clock the server runs on: the bucket
      // checks the signature's date and lifetime against its own time.
      const signer = new AwsV4Signer({
        method: 'GET',
        url: url.toString(),
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
        service: 's3',
        region: settings.region,
        signQuery: true,
      });
      return (await signer.sign()).url.toString();
    },
    close: () => agent.close(),
  };
}
