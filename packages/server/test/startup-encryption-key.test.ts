/**
 * A database remembers which encryption key its secrets were written with: a start with
 * another key (a different REELAY_ENCRYPTION_KEY, or a development key generated in
 * another data folder) is refused with a message naming the variable, instead of
 * writing new secrets with the new key and leaving the old ones unreadable.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReelay, loadConfig, type Reelay } from '../src';
import { createLogger } from '../src/logger';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';

const key = () => randomBytes(32).toString('base64');

describe.each(testDialects())('the encryption key of a database on $name', (dialect) => {
  let database: TestDatabase;
  const folders: string[] = [];

  const dataFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'reelay-startup-'));
    folders.push(folder);
    return folder;
  };

  beforeEach(async () => {
    database = await dialect.create();
  });

  afterEach(async () => {
    await database.drop();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  function start(env: Record<string, string>): Promise<Reelay> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REELAY_DATA_DIR: dataFolder(),
      REELAY_AUTH_SECRET: 'an-auth-secret-of-at-least-32-characters',
      ...env,
    });
    return createReelay(config, { logger: createLogger('silent'), workers: false });
  }

  /** The message a refused start ends with, under a locale (start-up texts follow it). */
  async function refusal(env: Record<string, string>, locale = 'pt_BR.UTF-8'): Promise<string> {
    let reelay: Reelay;
    try {
      reelay = await start({ ...env, LC_ALL: locale });
    } catch (error) {
      return (error as Error).message;
    }
    await reelay.close();
    throw new Error('expected the start to be refused');
  }

  /** Stores a webhook secret the way the server does: encrypted with its key. */
  async function storeSecret(reelay: Reelay): Promise<void> {
    const now = Date.now();
    await (reelay.context.db as unknown as Kysely<any>)
      .insertInto('webhook_subscriptions')
      .values({
        id: `whs_${randomBytes(6).toString('hex')}`,
        project_id: 'prj_startup',
        url: 'https://hooks.example.com/reelay',
        event_types: '["post.published"]',
        profile_id: null,
        only_scheduled_posts: 0,
        paused: 0,
        secret: reelay.context.cipher.encrypt('whsec_stored-before'),
        previous_secret: null,
        previous_secret_expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** Makes the database look like one from before the key check: secrets, no check. */
  async function forgetKeyCheck(reelay: Reelay): Promise<void> {
    await (reelay.context.db as unknown as Kysely<any>).deleteFrom('key_checks').execute();
  }

  it('refuses to start with another REELAY_ENCRYPTION_KEY, naming the variable', async () => {
    const first = await start({ REELAY_ENCRYPTION_KEY: key() });
    await storeSecret(first);
    await first.close();

    const message = await refusal({ REELAY_ENCRYPTION_KEY: key() });
    expect(message).toContain(
      'A REELAY_ENCRYPTION_KEY definida não é a chave com que este banco de dados guardou',
    );
    expect(message).toContain('Defina REELAY_ENCRYPTION_KEY com a chave original');
  });

  it('explains the refusal in English to an English locale', async () => {
    const first = await start({ REELAY_ENCRYPTION_KEY: key() });
    await first.close();
    const message = await refusal({ REELAY_ENCRYPTION_KEY: key() }, 'en_US.UTF-8');
    expect(message).toContain(
      'The REELAY_ENCRYPTION_KEY set is not the key this database stored its secrets with',
    );
    expect(message).toContain('Set REELAY_ENCRYPTION_KEY to the original key');
  });

  it('starts again with the same key and reads the secrets stored before', async () => {
    const encryptionKey = key();
    const first = await start({ REELAY_ENCRYPTION_KEY: encryptionKey });
    await storeSecret(first);
    await first.close();

    const second = await start({ REELAY_ENCRYPTION_KEY: encryptionKey });
    try {
      const row = await (second.context.db as unknown as Kysely<any>)
        .selectFrom('webhook_subscriptions')
        .select('secret')
        .executeTakeFirstOrThrow();
      expect(second.context.cipher.decrypt(row.secret)).toBe('whsec_stored-before');
    } finally {
      await second.close();
    }
  });

  it('refuses the development key of another data folder on the same database', async () => {
    // What `pnpm start` and `reelay serve` did from different folders: no
    // REELAY_ENCRYPTION_KEY, so each generated its own key in its own data folder.
    const first = await start({ NODE_ENV: 'development' });
    await storeSecret(first);
    await first.close();

    const message = await refusal({ NODE_ENV: 'development' });
    expect(message).toMatch(/^A chave de desenvolvimento em .+encryption\.key não é a chave/);
    expect(message).toContain('REELAY_ENCRYPTION_KEY');
    expect(message).toContain('REELAY_DATA_DIR');
  });

  it('adopts the key of a database from before the check when it reads a stored secret', async () => {
    const encryptionKey = key();
    const first = await start({ REELAY_ENCRYPTION_KEY: encryptionKey });
    await storeSecret(first);
    await forgetKeyCheck(first);
    await first.close();

    const other = await refusal({ REELAY_ENCRYPTION_KEY: key() }, 'en_US.UTF-8');
    expect(other).toContain('cannot read the secrets stored in this database');
    expect(other).toContain('REELAY_ENCRYPTION_KEY');

    const adopted = await start({ REELAY_ENCRYPTION_KEY: encryptionKey });
    await adopted.close();
    // Adopted: from now on the check itself refuses another key.
    expect(await refusal({ REELAY_ENCRYPTION_KEY: key() }, 'en_US.UTF-8')).toContain(
      'is not the key this database stored its secrets with',
    );
  });

  it('adopts any key on a database from before the check that holds no secret', async () => {
    const first = await start({ REELAY_ENCRYPTION_KEY: key() });
    await forgetKeyCheck(first);
    await first.close();

    const encryptionKey = key();
    const adopted = await start({ REELAY_ENCRYPTION_KEY: encryptionKey });
    await adopted.close();
    const again = await start({ REELAY_ENCRYPTION_KEY: encryptionKey });
    await again.close();
  });
});
