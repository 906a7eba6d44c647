import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { configErrorText } from '../src/start-up-texts';
import { parseEncryptionKey, resolveSecrets } from '../src/security/secrets';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to port 8080 and SQLite in the user data folder', () => {
    const config = loadConfig({ HOME: '/home/ana' });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({
      dialect: 'sqlite',
      filename: '/home/ana/.local/share/reelay/reelay.db',
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.instagram).toMatchObject({
      appId: null,
      authorizeUrl: 'https://www.instagram.com',
      apiUrl: 'https://api.instagram.com',
      graphUrl: 'https://graph.instagram.com',
    });
  });

  it('picks PostgreSQL for postgres:// URLs and SQLite for paths', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/reelay' }).database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u@db/reelay',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db/reelay' }).database.dialect).toBe(
      'postgres',
    );
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.db' }).database).toEqual({
      dialect: 'sqlite',
      filename: '/tmp/x.db',
    });
    expect(configError({ DATABASE_URL: 'mysql://db/reelay' })).toMatch(/^DATABASE_URL/);
  });

  it('names the variable of a bad value', () => {
    expect(configError({ PORT: 'eighty' })).toMatch(/PORT/);
    expect(configError({ PORT: '70000' })).toMatch(/PORT/);
    expect(configError({ REELAY_PUBLIC_URL: 'localhost:8080' })).toMatch(/REELAY_PUBLIC_URL/);
    expect(configError({ REELAY_ALLOW_SIGNUP: 'maybe' })).toMatch(/REELAY_ALLOW_SIGNUP/);
    expect(configError({ REELAY_AUTH_SECRET: 'short' })).toMatch(/REELAY_AUTH_SECRET/);
    expect(configError({ INSTAGRAM_GRAPH_URL: 'ftp://graph' })).toMatch(/INSTAGRAM_GRAPH_URL/);
  });

  it('reads how long ahead scheduled posts prepare their containers, 0 to 720 minutes', () => {
    expect(loadConfig({}).prepareWindowMs).toBe(10 * 60_000);
    expect(loadConfig({ REELAY_PREPARE_AHEAD_MINUTES: '0' }).prepareWindowMs).toBe(0);
    expect(loadConfig({ REELAY_PREPARE_AHEAD_MINUTES: '30' }).prepareWindowMs).toBe(30 * 60_000);
    expect(configError({ REELAY_PREPARE_AHEAD_MINUTES: '721' })).toMatch(
      /REELAY_PREPARE_AHEAD_MINUTES.*720/,
    );
    expect(configError({ REELAY_PREPARE_AHEAD_MINUTES: '-5' })).toMatch(
      /REELAY_PREPARE_AHEAD_MINUTES/,
    );
  });

  it('reads the origins a connection may return to, each an origin and nothing more', () => {
    expect(loadConfig({}).redirectOrigins).toEqual([]);
    expect(
      loadConfig({
        REELAY_REDIRECT_ORIGINS:
          'https://App.Example.com/, http://localhost:5173,https://x.test:443',
      }).redirectOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173', 'https://x.test']);
    for (const bad of [
      'app.example.com',
      'https://app.example.com/contas',
      'https://app.example.com?x=1',
      'https://app.example.com#x',
      'https://ana@app.example.com',
      'ftp://app.example.com',
      'javascript:alert(1)',
      'https://ok.example.com, /relative',
    ]) {
      expect([bad, configError({ REELAY_REDIRECT_ORIGINS: bad })]).toEqual([
        bad,
        expect.stringMatching(/^Configuração inválida: REELAY_REDIRECT_ORIGINS: use origens/),
      ]);
    }
  });

  it('refuses an unknown REELAY_ variable, a typo most of the time', () => {
    expect(configError({ REELAY_PUBLC_URL: 'https://x.test' })).toMatch(/REELAY_PUBLC_URL/);
  });

  it('needs both Instagram credentials or neither', () => {
    expect(configError({ INSTAGRAM_APP_ID: '123' })).toMatch(/INSTAGRAM_APP_SECRET/);
    expect(
      loadConfig({ INSTAGRAM_APP_ID: '123', INSTAGRAM_APP_SECRET: 's' }).instagram,
    ).toMatchObject({
      appId: '123',
      appSecret: 's',
    });
  });

  it('reads the Facebook Login app: both credentials or neither, a configuration or scopes', () => {
    expect(configError({ FACEBOOK_APP_SECRET: 's' })).toMatch(/FACEBOOK_APP_ID/);
    expect(
      configError({
        FACEBOOK_APP_ID: '1',
        FACEBOOK_APP_SECRET: 's',
        FACEBOOK_CONFIG_ID: '42',
        FACEBOOK_SCOPES: 'instagram_basic',
      }),
    ).toMatch(/FACEBOOK_CONFIG_ID e FACEBOOK_SCOPES/);
    expect(configError({ FACEBOOK_CONFIG_ID: 'abc' })).toMatch(/FACEBOOK_CONFIG_ID/);
    expect(configError({ FACEBOOK_GRAPH_VERSION: '25' })).toMatch(/FACEBOOK_GRAPH_VERSION/);
    // Videos: uploaded for Facebook Login accounts unless told otherwise.
    expect(loadConfig({}).videoUpload).toBe('auto');
    expect(loadConfig({ REELAY_VIDEO_UPLOAD: 'url' }).videoUpload).toBe('url');
    expect(configError({ REELAY_VIDEO_UPLOAD: 'bytes' })).toMatch(/REELAY_VIDEO_UPLOAD/);
    expect(loadConfig({}).facebook).toEqual({
      appId: null,
      appSecret: null,
      configId: null,
      scopes: expect.arrayContaining(['instagram_basic', 'pages_show_list']),
      dialogUrl: 'https://www.facebook.com',
      graphUrl: 'https://graph.facebook.com',
      uploadUrl: 'https://rupload.facebook.com',
      graphVersion: 'v25.0',
    });
    expect(
      loadConfig({
        FACEBOOK_APP_ID: '1',
        FACEBOOK_APP_SECRET: 's',
        FACEBOOK_CONFIG_ID: '42',
        FACEBOOK_GRAPH_URL: 'http://127.0.0.1:8090/facebook/',
        FACEBOOK_GRAPH_VERSION: 'none',
      }).facebook,
    ).toMatchObject({
      appId: '1',
      configId: '42',
      graphUrl: 'http://127.0.0.1:8090/facebook',
      graphVersion: '',
    });
  });

  it('requires the encryption key and auth secret in production', () => {
    expect(configError({ NODE_ENV: 'production', REELAY_AUTH_SECRET: 'x'.repeat(32) })).toMatch(
      /REELAY_ENCRYPTION_KEY/,
    );
    expect(configError({ NODE_ENV: 'production', REELAY_ENCRYPTION_KEY: 'k' })).toMatch(
      /REELAY_AUTH_SECRET/,
    );
  });

  it('reads any variable from the file its _FILE form names, as container secrets are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelay-secret-files-'));
    try {
      const key = join(dir, 'key');
      const secret = join(dir, 'secret');
      writeFileSync(key, 'a'.repeat(44) + '\n');
      writeFileSync(secret, 'b'.repeat(40));
      const database = join(dir, 'database');
      writeFileSync(database, 'postgres://reelay:pw@127.0.0.1:5432/reelay\n');
      const config = loadConfig({
        NODE_ENV: 'production',
        REELAY_ENCRYPTION_KEY_FILE: key,
        REELAY_AUTH_SECRET_FILE: secret,
        DATABASE_URL_FILE: database,
      });
      // The final line break is not part of the value.
      expect(config.encryptionKey).toBe('a'.repeat(44));
      expect(config.authSecret).toBe('b'.repeat(40));
      expect(config.database).toMatchObject({
        dialect: 'postgres',
        connectionString: 'postgres://reelay:pw@127.0.0.1:5432/reelay',
      });

      expect(
        configError({ REELAY_AUTH_SECRET: 'x'.repeat(32), REELAY_AUTH_SECRET_FILE: secret }),
      ).toMatch(/REELAY_AUTH_SECRET e REELAY_AUTH_SECRET_FILE/);
      expect(configError({ REELAY_AUTH_SECRET_FILE: join(dir, 'missing') })).toMatch(
        /REELAY_AUTH_SECRET_FILE: .*missing \(ENOENT\)/,
      );
      // Said in English too, for an English-speaking operator.
      expect(
        configErrorText(
          'en',
          configError({ REELAY_AUTH_SECRET: 'x'.repeat(32), REELAY_AUTH_SECRET_FILE: secret }),
        ),
      ).toBe('REELAY_AUTH_SECRET and REELAY_AUTH_SECRET_FILE are both set: use only one of them.');
      expect(
        configErrorText('en', configError({ REELAY_AUTH_SECRET_FILE: join(dir, 'missing') })),
      ).toBe(`REELAY_AUTH_SECRET_FILE: could not read ${join(dir, 'missing')} (ENOENT).`);
      // Only known variables have a _FILE form.
      expect(configError({ REELAY_PUBLC_URL_FILE: secret })).toMatch(/REELAY_PUBLC_URL_FILE/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads where /metrics is served, and refuses a short token or a bad port in both languages', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(
      loadConfig({
        REELAY_METRICS_PORT: '9464',
        REELAY_METRICS_HOST: '10.0.0.5',
        REELAY_METRICS_TOKEN: 't'.repeat(16),
      }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.5', token: 't'.repeat(16) });
    const short = configError({ REELAY_METRICS_TOKEN: 'curto' });
    expect(short).toBe('Configuração inválida: REELAY_METRICS_TOKEN: use ao menos 16 caracteres');
    expect(configErrorText('en', short)).toBe(
      'Invalid configuration: REELAY_METRICS_TOKEN: use at least 16 characters',
    );
    expect(configErrorText('en', configError({ REELAY_METRICS_PORT: '99999' }))).toBe(
      'Invalid configuration: REELAY_METRICS_PORT: use a port from 0 to 65535',
    );
  });

  it('treats empty values as unset and trims trailing slashes of URLs', () => {
    const config = loadConfig({ PORT: '', REELAY_PUBLIC_URL: 'https://reelay.example.com/' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://reelay.example.com');
  });
});

describe('server secrets', () => {
  it('reads 32-byte keys in base64 or hex and refuses others', () => {
    const key = randomBytes(32);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(() => parseEncryptionKey(randomBytes(16).toString('base64'))).toThrow(
      /REELAY_ENCRYPTION_KEY/,
    );
    expect(() => parseEncryptionKey('not a key')).toThrow(/REELAY_ENCRYPTION_KEY/);
  });

  it('generates development secrets once, private to the owner, and reuses them', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-secrets-'));
    try {
      const warnings: string[] = [];
      const logger = createLogger('warn', (line) => warnings.push(line));
      const config = loadConfig({ REELAY_DATA_DIR: dataDir });
      const first = resolveSecrets(config, logger);
      const second = resolveSecrets(config, logger);
      expect(second.encryptionKey).toEqual(first.encryptionKey);
      expect(second.authSecret).toBe(first.authSecret);
      expect(statSync(join(dataDir, 'encryption.key')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dataDir, 'auth.secret'), 'utf8').trim()).toBe(first.authSecret);
      expect(warnings.some((line) => line.includes('REELAY_ENCRYPTION_KEY'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
