/**
 * Short job leases kept by a heartbeat: a slow job keeps its lease for as long as it
 * runs, a run whose job another instance took over (its heartbeat late past the lease: a
 * stalled process, skewed clocks) neither ends the job nor publishes, and the run that
 * holds the job publishes once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, systemClock, type Clock } from '../src/clock';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { claimDueJobs, holdLease, renewLeases } from '../src/queue/job-leases';
import {
  add as addJob,
  createWorker,
  DEFAULT_LEASE_MS,
  heartbeatFor,
  type JobHandlers,
  type JobLease,
} from '../src/queue';
import { migrateToLatest, openStore, type Store } from '../src/store/database';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { statementLog } from './helpers/statement-log';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const logger = createLogger('silent');
const log = statementLog();
const isClaim = (text: string) => /^update "jobs" set "lease_owner"/.test(text);

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('lease timing', () => {
  it('takes a crashed instance’s jobs over within 6 s, renewing every second', () => {
    expect(DEFAULT_LEASE_MS).toBe(6_000);
    expect(heartbeatFor(DEFAULT_LEASE_MS)).toBe(1_000);
    expect(loadConfig({}).jobLeaseMs).toBe(DEFAULT_LEASE_MS);
    expect(loadConfig({ REELAY_JOB_LEASE_SECONDS: '30' }).jobLeaseMs).toBe(30_000);
    expect(() => loadConfig({ REELAY_JOB_LEASE_SECONDS: '1' })).toThrow(/REELAY_JOB_LEASE_SECONDS/);
  });
});

describe.each(testDialects())('job leases on $name', (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await dialect.create();
    store = openStore(loadConfig({ DATABASE_URL: database.url }).database);
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('jobs').execute();
  });

  const add = (targetId: string, clock: Clock) =>
    addJob(
      store.db,
      'publish_target',
      { targetId },
      { runAt: clock.now(), mode: 'replace', now: clock.now() },
    );
  const jobRow = () => store.db.selectFrom('jobs').selectAll().executeTakeFirst();
  const worker = (
    clock: Clock,
    publish: JobHandlers['publish_target'],
    timing: { leaseMs: number; heartbeatMs: number; concurrency?: number },
  ) =>
    createWorker({
      db: store.db,
      capabilities: store.capabilities,
      clock,
      logger,
      concurrency: 2,
      ...timing,
      handlers: {
        publish_target: publish,
        dispatch_events: async () => {},
        deliver_webhook: async () => {},
        ingest_meta_webhook: async () => {},
        materialize_series: async () => {},
        check_feed: async () => {},
      },
    });

  it('keeps a job running for many times its lease, so no other instance takes it', async () => {
    await add('slow', systemClock);
    const running = worker(
      systemClock,
      async () => {
        // A slow platform call: four times the lease. The lease leaves a busy machine
        // (two cores shared with the whole suite) many missed beats of slack.
        await new Promise((resolve) => setTimeout(resolve, 4_000));
      },
      { leaseMs: 1_000, heartbeatMs: 50 },
    );
    const done = running.drain();
    await expect.poll(async () => (await jobRow())?.lease_owner ?? null).not.toBeNull();
    const stolen: number[] = [];
    const rival = setInterval(() => {
      void claimDueJobs(store.db, store.capabilities, {
        owner: 'rival',
        now: Date.now(),
        limit: 1,
        leaseMs: 1_000,
      }).then((jobs) => stolen.push(jobs.length));
    }, 50);
    await done;
    clearInterval(rival);
    await running.stop();
    expect(stolen.length).toBeGreaterThan(10);
    expect(stolen.every((count) => count === 0)).toBe(true);
    expect(await jobRow()).toBeUndefined();
  });

  it('lets a run whose lease ran out neither finish nor release the job another took', async () => {
    const clock = createManualClock(Date.now());
    await add('stalled', clock);
    const stall = gate();
    let runs = 0;
    let confirmed: boolean | undefined;
    let signal: AbortSignal | undefined;
    // A heartbeat that never comes in time: the process stalled past its lease.
    const running = worker(
      clock,
      async (_payload, { lease }: { lease: JobLease }) => {
        runs++;
        await stall.opened;
        confirmed = await lease.confirm();
        signal = lease.signal;
        return { retryAt: clock.now() + 1_000 };
      },
      { leaseMs: 6_000, heartbeatMs: 3_600_000 },
    );
    const done = running.drain();
    await expect.poll(async () => (await jobRow())?.lease_owner ?? null).not.toBeNull();
    clock.advance(6_001);
    // The worker itself does not start the job a second time beside its own run.
    running.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
    const [taken] = await claimDueJobs(store.db, store.capabilities, {
      owner: 'other-instance',
      now: clock.now(),
      limit: 1,
      leaseMs: 6_000,
    });
    expect(taken).toBeDefined();
    stall.open();
    await done;
    await running.stop();
    expect(runs).toBe(1);
    expect(confirmed).toBe(false);
    expect(signal?.aborted).toBe(true);
    // Still the other instance's, due when it was: the late run released nothing.
    expect(await jobRow()).toMatchObject({
      lease_owner: 'other-instance',
      run_at: taken!.run_at,
      lease_expires_at: clock.now() + 6_000,
    });
  });

  it('aborts a run as soon as its heartbeat finds the job taken over', async () => {
    const clock = createManualClock(Date.now());
    await add('taken', clock);
    let aborted = false;
    const running = worker(
      clock,
      async (_payload, { lease }) => {
        await new Promise<void>((resolve) => {
          const giveUp = setTimeout(resolve, 5_000);
          lease.signal.addEventListener('abort', () => {
            aborted = true;
            clearTimeout(giveUp);
            resolve();
          });
        });
      },
      { leaseMs: 6_000, heartbeatMs: 50 },
    );
    const done = running.drain();
    await expect.poll(async () => (await jobRow())?.lease_owner ?? null).not.toBeNull();
    // What another instance's claim writes.
    await store.db.updateTable('jobs').set({ lease_owner: 'other-instance' }).execute();
    await done;
    await running.stop();
    expect(aborted).toBe(true);
    expect(await jobRow()).toMatchObject({ lease_owner: 'other-instance' });
  });

  it('names its running jobs in a claim only once their leases may have run out', async () => {
    const clock = createManualClock(Date.now());
    const release = gate();
    const started: string[] = [];
    for (const id of ['a', 'b', 'c', 'd']) await add(id, clock);
    const running = worker(
      clock,
      async ({ targetId }) => {
        started.push(targetId);
        await release.opened;
      },
      { leaseMs: 6_000, heartbeatMs: 3_600_000, concurrency: 6 },
    );
    const done = running.drain();
    await expect.poll(() => started.length).toBe(4);
    await add('e', clock);
    log.start();
    running.wake();
    await expect.poll(() => started.length).toBe(5);
    const fresh = log.stop().filter(isClaim);
    expect(fresh.length).toBeGreaterThan(0);
    // Leases just written cannot be claimed: the claim stays one short statement.
    expect(fresh.filter((text) => /not in/.test(text))).toEqual([]);

    // The heartbeat is late past the lease: now the claim names all five, and none of
    // them starts a second time beside its run.
    clock.advance(6_001);
    log.start();
    running.wake();
    await expect.poll(() => log.statements.filter(isClaim).length).toBeGreaterThan(0);
    const late = log.stop().filter(isClaim);
    expect(late.every((text) => /not in/.test(text))).toBe(true);
    expect([...started].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    release.open();
    await done;
    await running.stop();
    expect(started).toHaveLength(5);
  });

  it('starts due work while few slots are free, without waiting for one to end', async () => {
    const clock = createManualClock(Date.now());
    const release = gate();
    let started = 0;
    for (let i = 0; i < 15; i++) await add(`busy-${i}`, clock);
    // Sixteen slots: a claim waits for two free ones, or a few milliseconds.
    const running = worker(
      clock,
      async () => {
        started++;
        await release.opened;
      },
      { leaseMs: 6_000, heartbeatMs: 1_000, concurrency: 16 },
    );
    const done = running.drain();
    await expect.poll(() => started).toBe(15);
    await add('late', clock);
    running.wake();
    await expect.poll(() => started).toBe(16);
    release.open();
    await done;
    await running.stop();
  });

  it('renews and confirms only the claims that still hold their jobs', async () => {
    const clock = createManualClock(Date.now());
    await add('mine', clock);
    await add('theirs', clock);
    const jobs = await claimDueJobs(store.db, store.capabilities, {
      owner: 'me.1',
      now: clock.now(),
      limit: 2,
      leaseMs: 6_000,
    });
    const [mine, theirs] = jobs;
    await store.db
      .updateTable('jobs')
      .set({ lease_owner: 'them.1' })
      .where('id', '=', theirs!.id)
      .execute();
    const held = jobs.map((job) => ({ id: job.id, claim: 'me.1' }));
    expect(await renewLeases(store.db, held, clock.now() + 9_000)).toEqual([
      { id: mine!.id, claim: 'me.1' },
    ]);
    expect(await holdLease(store.db, held[0]!, clock.now() + 9_000)).toBe(true);
    expect(await holdLease(store.db, held[1]!, clock.now() + 9_000)).toBe(false);
  });
});

describe.each(testDialects())('a publishing run that lost its job on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let integrationId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      // A heartbeat of 100 s never comes during the test: the fence before
      // `media_publish` is what stops the run.
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_JOB_LEASE_SECONDS: '600' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    integrationId = (await connectThroughPlatform(platform, account, { username: 'prazo' })).body
      .integration.id;
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  it('does not publish; the run that holds the job publishes once', async () => {
    const db = platform.server.reelay.context.db;
    // Container creation answers after a while, time enough for another instance to
    // take the job over in between.
    platform.emulator.addFault({ path: '/media', method: 'POST', latencyMs: 600, times: 1 });
    const created = await call(
      platform.server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Prazo perdido',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: integrationId }],
      },
      account.key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const firstRun = platform.server.reelay.tasks.runDueJobs();
    await expect.poll(() => platform.emulator.requests({ path: '/media' }).length).toBe(1);
    await db.updateTable('jobs').set({ lease_owner: 'other-instance' }).execute();
    await firstRun;
    const copies = () =>
      platform.emulator.published().filter((item) => item.caption === 'Prazo perdido').length;
    expect(copies()).toBe(0);
    // Where the move to `publishing` and the lease check are one statement, the stale run
    // did not even record an attempt.
    const [stale] = await db
      .selectFrom('post_targets')
      .select(['status', 'publish_attempted_at'])
      .where('post_id', '=', created.body.post.id)
      .execute();
    if (platform.server.reelay.context.capabilities.writingCtes)
      expect(stale).toMatchObject({ publish_attempted_at: null });
    // The other instance's lease runs out in turn; the next run confirms the attempt the
    // stale run stored, if any, finds the container unpublished and publishes it.
    await db
      .updateTable('jobs')
      .set({ lease_expires_at: platform.server.clock.now() - 1 })
      .execute();
    await platform.server.reelay.tasks.runDueJobs();
    const post = await call(
      platform.server.url,
      'GET',
      `/v1/posts/${created.body.post.id}`,
      undefined,
      account.key,
    );
    expect(post.body.post.status).toBe('published');
    expect(copies()).toBe(1);
  });
});
