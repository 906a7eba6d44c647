/**
 * Where media files live, from the `REELAY_STORAGE` and `REELAY_S3_*` variables, and
 * where the platform fetches them from (`REELAY_MEDIA_DELIVERY`).
 */
import type { EnvironmentVariables } from './config-schema';
import { ConfigError, type StorageSettings } from './reelay-config';

/**
 * The storage settings, or a ConfigError naming the variables that are missing or that
 * only apply to the other kind of storage.
 *
 * @example
 * ```ts
 * storageSettings(vars); // { kind: 'local' }
 * ```
 */
export function storageSettings(vars: EnvironmentVariables): StorageSettings {
  const s3Named = [
    'REELAY_S3_ENDPOINT',
    'REELAY_S3_BUCKET',
    'REELAY_S3_ACCESS_KEY_ID',
    'REELAY_S3_SECRET_ACCESS_KEY',
  ] as const;
  if (vars.REELAY_STORAGE === 'local') {
    const stray = s3Named.filter((name) => vars[name] !== undefined);
    const named: string[] = [...stray];
    // Only a bucket can sign a URL for a single object; local files have no such address.
    if (vars.REELAY_MEDIA_DELIVERY === 'presigned') named.push('REELAY_MEDIA_DELIVERY=presigned');
    if (named.length > 0) {
      throw new ConfigError(`${named.join(', ')} só vale com REELAY_STORAGE=s3.`);
    }
    return { kind: 'local' };
  }
  const missing = s3Named
    .filter((name) => name !== 'REELAY_S3_ENDPOINT')
    .filter((name) => vars[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(`REELAY_STORAGE=s3 exige ${missing.join(', ')}.`);
  }
  return {
    kind: 's3',
    endpoint: vars.REELAY_S3_ENDPOINT ?? `https://s3.${vars.REELAY_S3_REGION}.amazonaws.com`,
    bucket: vars.REELAY_S3_BUCKET!,
    region: vars.REELAY_S3_REGION,
    accessKeyId: vars.REELAY_S3_ACCESS_KEY_ID!,
    secretAccessKey: vars.REELAY_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: vars.REELAY_S3_FORCE_PATH_STYLE,
    mediaDelivery: vars.REELAY_MEDIA_DELIVERY,
  };
}
