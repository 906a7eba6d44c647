import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTAINER_WINDOW_MS,
  countContainerCreations,
  recordContainerCreations,
} from '../src/store/container-creations';
import { testDialects } from '@reelay/test-support/dialects';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('container creations out of the window on $name', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { reelay: { workers: false } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('are forgotten hourly for every account, also those that never create another', async () => {
    const db = server.reelay.context.db;
    const now = server.clock.now();
    // An account gone quiet (disconnected, or erased while a run recorded a creation) and
    // one still publishing: neither records anything after these.
    await recordContainerCreations(db, 'int_quiet', 3, now - CONTAINER_WINDOW_MS - 60_000);
    await recordContainerCreations(db, 'int_busy', 1, now - CONTAINER_WINDOW_MS - 1);
    await recordContainerCreations(db, 'int_busy', 2, now - 60_000);
    const stored = () =>
      db
        .withTables<{ container_creations: { integration_id: string } }>()
        .selectFrom('container_creations')
        .select('integration_id')
        .orderBy('integration_id')
        .execute();
    expect((await stored()).length).toBe(6);

    await server.reelay.tasks.forgetOldContainerCreations();

    expect(await stored()).toEqual([
      { integration_id: 'int_busy' },
      { integration_id: 'int_busy' },
    ]);
    expect(await countContainerCreations(db, 'int_busy', now)).toBe(2);
  });
});
