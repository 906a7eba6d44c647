/**
 * The media of a backup. Local files are copied (those already in the backup folder with
 * the same size are left, so a second backup into the same folder copies only new ones).
 * A bucket is backed up by its own means (versioning, replication, `mc mirror`): only
 * its listing is written, to compare against after a restore.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import type { S3Settings } from '../media/s3-storage';

export interface MediaSummary {
  count: number;
  bytes: number;
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Copies the files under `source` into `target`, skipping those already there.
 *
 * @example
 * ```ts
 * copyMediaFiles('/var/lib/reelay/media/files', '/backups/1/media'); // { count: 12, bytes: 48213 }
 * ```
 */
export function copyMediaFiles(source: string, target: string): MediaSummary {
  let bytes = 0;
  const files = filesUnder(source);
  for (const file of files) {
    const size = statSync(file).size;
    bytes += size;
    const copy = join(target, relative(source, file));
    if (existsSync(copy) && statSync(copy).size === size) continue;
    cpSync(file, copy, { preserveTimestamps: true });
  }
  mkdirSync(target, { recursive: true });
  return { count: files.length, bytes };
}

interface BucketObject {
  key: string;
  size: number;
  etag: string;
}

const decodeXml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

function tag(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decodeXml(match[1]!) : undefined;
}

/** Every object of the bucket, by ListObjectsV2 pages of 1,000. */
async function listBucket(settings: S3Settings): Promise<BucketObject[]> {
  const base = new URL(settings.endpoint);
  const path = base.pathname.replace(/\/$/, '');
  const bucketUrl = settings.forcePathStyle
    ? `${base.origin}${path}/${settings.bucket}/`
    : `${base.protocol}//${settings.bucket}.${base.host}${path}/`;
  const objects: BucketObject[] = [];
  let token: string | undefined;
  do {
    const url = new URL(bucketUrl);
    url.searchParams.set('list-type', '2');
    if (token) url.searchParams.set('continuation-token', token);
    const signer = new AwsV4Signer({
      method: 'GET',
      url: url.toString(),
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
    });
    const signed = await signer.sign();
    const answer = await fetch(signed.url, { headers: signed.headers });
    const xml = await answer.text();
    if (!answer.ok) throw new Error(`listagem do bucket falhou (${answer.status}): ${xml}`);
    for (const [, content] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      objects.push({
        key: tag(content!, 'Key') ?? '',
        size: Number(tag(content!, 'Size') ?? 0),
        etag: (tag(content!, 'ETag') ?? '').replaceAll('"', ''),
      });
    }
    token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
  } while (token);
  return objects;
}

/**
 * Writes the bucket's listing (keys, sizes, ETags) to `file`.
 *
 * @example
 * ```ts
 * await writeBucketListing(config.storage, '/backups/1/s3-objects.json');
 * ```
 */
export async function writeBucketListing(
  settings: S3Settings,
  file: string,
): Promise<MediaSummary> {
  const objects = await listBucket(settings);
  writeFileSync(
    file,
    `${JSON.stringify({ bucket: settings.bucket, endpoint: settings.endpoint, objects }, null, 2)}\n`,
  );
  return { count: objects.length, bytes: objects.reduce((sum, object) => sum + object.size, 0) };
}
