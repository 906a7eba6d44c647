import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReelay, loadConfig } from '../src';
import { ConfigError } from '../src/config';
import { createLogger } from '../src/logger';
import { configErrorText } from '../src/start-up-texts';

const S3 = {
  REELAY_STORAGE: 's3',
  REELAY_S3_BUCKET: 'reelay-media',
  REELAY_S3_ACCESS_KEY_ID: 'AKIA-TEST',
  REELAY_S3_SECRET_ACCESS_KEY: 'segredo',
};

describe('media storage settings', () => {
  it('stores on local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('reads an S3 bucket, defaulting to AWS in the region, virtual-hosted', () => {
    expect(loadConfig({ ...S3, REELAY_S3_REGION: 'sa-east-1' }).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      bucket: 'reelay-media',
      region: 'sa-east-1',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'segredo',
      forcePathStyle: false,
      mediaDelivery: 'server',
    });
    expect(
      loadConfig({
        ...S3,
        REELAY_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        REELAY_S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('names what S3 storage lacks, and S3 settings given without it', () => {
    expect(() => loadConfig({ REELAY_STORAGE: 's3', REELAY_S3_BUCKET: 'b' })).toThrow(
      /REELAY_S3_ACCESS_KEY_ID, REELAY_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ REELAY_S3_BUCKET: 'b' })).toThrow(ConfigError);
    expect(() => loadConfig({ REELAY_STORAGE: 'ftp' })).toThrow(/REELAY_STORAGE/);
    expect(() => loadConfig({ ...S3, REELAY_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /REELAY_S3_ENDPOINT/,
    );
  });

  it('hands out presigned bucket URLs only with S3 storage, saying so in both languages', () => {
    expect(loadConfig({ ...S3, REELAY_MEDIA_DELIVERY: 'presigned' }).storage).toMatchObject({
      kind: 's3',
      mediaDelivery: 'presigned',
    });
    const refused = (() => {
      try {
        loadConfig({ REELAY_MEDIA_DELIVERY: 'presigned' });
      } catch (error) {
        return error;
      }
      throw new Error('presigned delivery without S3 was accepted');
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    const message = (refused as ConfigError).message;
    expect(message).toBe('REELAY_MEDIA_DELIVERY=presigned só vale com REELAY_STORAGE=s3.');
    expect(configErrorText('pt-BR', message)).toBe(message);
    expect(configErrorText('en', message)).toBe(
      'REELAY_MEDIA_DELIVERY=presigned only applies with REELAY_STORAGE=s3.',
    );
    expect(() => loadConfig({ ...S3, REELAY_MEDIA_DELIVERY: 'bucket' })).toThrow(
      /REELAY_MEDIA_DELIVERY/,
    );
    expect(loadConfig({ REELAY_MEDIA_DELIVERY: 'server' }).storage).toEqual({ kind: 'local' });
  });
});

describe('REELAY_ALLOW_PRIVATE_URLS', () => {
  async function startupWarnings(allow: 'true' | 'false') {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-warn-'));
    const lines: string[] = [];
    const reelay = await createReelay(
      loadConfig({
        NODE_ENV: 'test',
        REELAY_DATA_DIR: dataDir,
        REELAY_ALLOW_PRIVATE_URLS: allow,
      }),
      { logger: createLogger('warn', (line) => lines.push(line)), workers: false },
    );
    await reelay.close();
    rmSync(dataDir, { recursive: true, force: true });
    return lines.map((line) => JSON.parse(line) as { level: string; message: string });
  }

  it('warns at start that it is a development setting', async () => {
    const warnings = await startupWarnings('true');
    expect(warnings).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringMatching(/REELAY_ALLOW_PRIVATE_URLS=true.*desenvolvimento/),
      }),
    );
  });

  it('says nothing when off', async () => {
    const warnings = await startupWarnings('false');
    expect(warnings.filter((line) => line.message.includes('REELAY_ALLOW_PRIVATE_URLS'))).toEqual(
      [],
    );
  });
});
