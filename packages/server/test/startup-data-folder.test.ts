/**
 * The default data folder (the SQLite file, local media, generated development secrets)
 * is the same whatever command starts the server and whatever folder it starts in, so
 * `pnpm start` and `reelay serve` never keep two sets of secrets for one database.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// The CLI's `reelay serve` builds the server's environment with this; the server's main
// passes `process.env` as is.
import { serverEnvironment } from '../../cli/src/commands/serve';
import { loadConfig } from '../src/config';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'reelay-folders-')));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The data folder `reelay-server` and `reelay serve` resolve, started in `cwd`. */
function dataFolders(cwd: string, env: Record<string, string>) {
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return {
      server: loadConfig(env).dataDir,
      serve: loadConfig(serverEnvironment(env, {})).dataDir,
    };
  } finally {
    process.chdir(before);
  }
}

describe('the default data folder', () => {
  const home = join(scratch, 'home');
  const repository = join(scratch, 'repository');
  const elsewhere = join(scratch, 'elsewhere');
  for (const folder of [home, repository, elsewhere]) {
    rmSync(folder, { recursive: true, force: true });
  }

  it('is the same for reelay serve and the server whatever folder they start in', () => {
    const env = { HOME: home };
    const expected = join(home, '.local', 'share', 'reelay');
    for (const cwd of [scratch, tmpdir(), '/']) {
      expect(dataFolders(cwd, env)).toEqual({ server: expected, serve: expected });
    }
    expect(loadConfig(env).database).toEqual({
      dialect: 'sqlite',
      filename: join(expected, 'reelay.db'),
    });
  });

  it('follows XDG_DATA_HOME when it is set', () => {
    expect(dataFolders('/', { HOME: home, XDG_DATA_HOME: join(scratch, 'xdg') })).toEqual({
      server: join(scratch, 'xdg', 'reelay'),
      serve: join(scratch, 'xdg', 'reelay'),
    });
  });

  it('stays the same for PostgreSQL whatever folder the server starts in', () => {
    const env = { HOME: home, DATABASE_URL: 'postgres://db.example/reelay' };
    expect(dataFolders(scratch, env)).toEqual(dataFolders('/', env));
    expect(dataFolders('/', env).server).toBe(join(home, '.local', 'share', 'reelay'));
  });

  it('is the folder of the SQLite file DATABASE_URL names, so its secrets stay beside it', () => {
    const file = join(scratch, 'databases', 'reelay.db');
    expect(dataFolders('/', { HOME: home, DATABASE_URL: file })).toEqual({
      server: join(scratch, 'databases'),
      serve: join(scratch, 'databases'),
    });
    expect(
      dataFolders(scratch, { HOME: home, DATABASE_URL: 'file:./databases/reelay.db' }),
    ).toEqual({ server: join(scratch, 'databases'), serve: join(scratch, 'databases') });
  });

  it('gives way to REELAY_DATA_DIR, which resolves from the current folder', () => {
    expect(dataFolders(scratch, { HOME: home, REELAY_DATA_DIR: './data' })).toEqual({
      server: join(scratch, 'data'),
      serve: join(scratch, 'data'),
    });
  });
});
