import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../src/clock';
import { createLogger } from '../src/logger';
import { loadConfig } from '../src/config';
import {
  claimDueJobs,
  completeJob,
  endHeldJob,
  releaseJob,
  renewLeases,
} from '../src/queue/job-leases';
import * as queue from '../src/queue';
import { countJobs } from '../src/queue/jobs';
import {
  jobKey,
  PUBLISH_TARGET_GIVES_UP_AFTER,
  WORKER_GIVES_UP_AFTER,
  type JobKey,
} from '../src/queue/job-kinds';
import { createWorker, type JobHandlers } from '../src/queue/worker';
import { migrateToLatest, openStore, type Store } from '../src/store/database';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';

/** Handlers for every kind but publishing, which these tests queue alone. */
const otherKindsIdle: Omit<JobHandlers, 'publish_target'> = {
  dispatch_events: async () => {},
  deliver_webhook: async () => {},
  ingest_meta_webhook: async () => {},
  materialize_series: async () => {},
  check_feed: async () => {},
};

describe.each(testDialects())('the job queue on $name', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
  const logger = createLogger('silent');

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

  const add = (targetId: string, runAt = clock.now(), key?: JobKey) =>
    queue.add(
      store.db,
      'publish_target',
      { targetId },
      { runAt, mode: 'replace', now: clock.now(), ...(key ? { key } : {}) },
    );
  const deliveryJobs = (...jobs: Array<{ id: string; runAt: number }>) =>
    queue.addMany(
      store.db,
      'deliver_webhook',
      jobs.map(({ id, runAt }) => ({
        payload: { deliveryId: id },
        runAt,
        key: jobKey('deliver_webhook', id),
      })),
      { mode: 'keep-existing', now: clock.now() },
    );
  const settle = (deliveryId: string, runAt: number | null) => {
    const key = jobKey('deliver_webhook', deliveryId);
    return runAt === null
      ? queue.cancel(store.db, [key], { unheldOnly: true })
      : queue.add(
          store.db,
          'deliver_webhook',
          { deliveryId },
          { runAt, key, mode: 'move-if-unheld', now: clock.now() },
        );
  };
  const claim = (owner: string, limit = 10, leaseMs = 60_000) =>
    claimDueJobs(store.db, store.capabilities, { owner, now: clock.now(), limit, leaseMs });

  it('claims only due jobs, earliest first, and leases them', async () => {
    await add('later', clock.now() + 1000);
    await add('first', clock.now() - 2000);
    await add('second', clock.now() - 1000);
    const claimed = await claim('a');
    expect(claimed.map((job) => JSON.parse(job.payload).targetId)).toEqual(['first', 'second']);
    expect(claimed.every((job) => job.lease_owner === 'a' && job.attempts === 1)).toBe(true);
    expect(await claim('b')).toEqual([]);
  });

  it('never hands one job to two claimers at once', async () => {
    for (let i = 0; i < 200; i++) await add(`t${i}`);
    const owners = ['a', 'b', 'c', 'd'];
    const taken: string[] = [];
    await Promise.all(
      owners.map(async (owner) => {
        for (;;) {
          const jobs = await claim(owner, 7);
          if (jobs.length === 0) return;
          taken.push(...jobs.map((job) => job.id));
        }
      }),
    );
    expect(taken).toHaveLength(200);
    expect(new Set(taken).size).toBe(200);
  });

  it("gives a crashed worker's job to another once the lease expires", async () => {
    await add('crashy');
    const [job] = await claim('dead', 10, 30_000);
    expect(await claim('alive')).toEqual([]);
    clock.advance(30_001);
    const [again] = await claim('alive');
    expect(again!.id).toBe(job!.id);
    expect(again!.attempts).toBe(2);
    // The first owner, back from the dead, can no longer finish or release it.
    await completeJob(store.db, job!.id, 'dead');
    await releaseJob(store.db, job!.id, 'dead', clock.now(), null, 'reset');
    expect(await countJobs(store.db)).toBe(1);
    await completeJob(store.db, job!.id, 'alive');
    expect(await countJobs(store.db)).toBe(0);
  });

  it('keeps one job per dedupe key, moving its time', async () => {
    await add('x', clock.now() + 60_000, jobKey('publish_target', 'x'));
    await add('x', clock.now() + 5_000, jobKey('publish_target', 'x'));
    expect(await countJobs(store.db)).toBe(1);
    clock.advance(5_000);
    expect(await claim('a')).toHaveLength(1);
  });

  it('runs handlers, reschedules on request and backs off after a throw', async () => {
    const seen: string[] = [];
    const handlers: JobHandlers = {
      publish_target: async ({ targetId }) => {
        seen.push(targetId);
        if (targetId === 'again' && seen.filter((id) => id === 'again').length === 1)
          return { retryAt: clock.now() + 10_000 };
        if (targetId === 'broken') throw new Error('boom');
      },
      // Only publishing jobs are queued here.
      ...otherKindsIdle,
    };
    const worker = createWorker({
      db: store.db,
      capabilities: store.capabilities,
      clock,
      logger,
      handlers,
      concurrency: 4,
    });
    await add('once');
    await add('again');
    await add('broken');
    await worker.drain();
    expect(seen.sort()).toEqual(['again', 'broken', 'once']);
    const left = await store.db.selectFrom('jobs').selectAll().orderBy('run_at').execute();
    expect(left.map((job) => JSON.parse(job.payload).targetId).sort()).toEqual(['again', 'broken']);
    expect(left.find((job) => job.last_error === 'boom')).toBeDefined();
    clock.advance(10 * 60_000);
    await worker.drain();
    expect(seen.filter((id) => id === 'again')).toHaveLength(2);
    expect(await countJobs(store.db)).toBe(1); // the broken one, backing off
    await worker.stop();
  });

  it('never drops a job the database cut short, however often, nor counts it as a failure', async () => {
    const cut = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    let runs = 0;
    const handlers: JobHandlers = {
      publish_target: async () => {
        runs++;
        if (runs <= 3 * WORKER_GIVES_UP_AFTER) throw cut;
      },
      ...otherKindsIdle,
    };
    const worker = createWorker({
      db: store.db,
      capabilities: store.capabilities,
      clock,
      logger,
      handlers,
      concurrency: 1,
    });
    await add('cortado');
    for (let round = 0; round < 3 * WORKER_GIVES_UP_AFTER; round++) {
      await worker.drain();
      const [job] = await store.db.selectFrom('jobs').selectAll().execute();
      // Still queued, soon again, with no failed run counted against it.
      expect(job).toMatchObject({ attempts: 0, last_error: cut.message });
      expect(job!.run_at - clock.now()).toBeLessThanOrEqual(2_000);
      clock.advance(2_001);
    }
    await worker.drain();
    expect(runs).toBe(3 * WORKER_GIVES_UP_AFTER + 1);
    expect(await countJobs(store.db)).toBe(0);
    await worker.stop();
  });

  // The run ends with nothing more to do, the worker removing its job, or (as the
  // publishing run does with its result) the handler removing it in its own transaction.
  it.each(['worker', 'handler'] as const)(
    'keeps a job moved while it runs: the run can no longer remove it (ended by the %s)',
    async (endedBy) => {
      // An edit reschedules a target while its publish job is running; the run then ends
      // with nothing more to do, and must not take the rescheduled job with it.
      let release!: () => void;
      const running = new Promise<void>((resolve) => (release = resolve));
      const started: string[] = [];
      const handlers: JobHandlers = {
        publish_target: async ({ targetId }, { lease }) => {
          started.push(targetId);
          if (started.length === 1) await running;
          if (endedBy === 'worker') return;
          await store.db.transaction().execute((trx) => endHeldJob(trx, lease.held));
          return { ended: true };
        },
        ...otherKindsIdle,
      };
      const worker = createWorker({
        db: store.db,
        capabilities: store.capabilities,
        clock,
        logger,
        handlers,
        concurrency: 4,
      });
      await add('edited', clock.now(), jobKey('publish_target', 'edited'));
      const first = worker.drain();
      await expect.poll(() => started.length).toBe(1);
      await add('edited', clock.now() + 60_000, jobKey('publish_target', 'edited'));
      release();
      await first;
      const [moved] = await store.db.selectFrom('jobs').selectAll().execute();
      expect(moved).toMatchObject({ run_at: clock.now() + 60_000, lease_owner: null });
      clock.advance(60_000);
      await worker.drain();
      expect(started).toEqual(['edited', 'edited']);
      expect(await countJobs(store.db)).toBe(0);
      await worker.stop();
    },
  );

  it('renews only the leases its runs still hold', async () => {
    await add('held', clock.now(), jobKey('publish_target', 'held'));
    const [job] = await claim('worker.1', 10, 30_000);
    await renewLeases(store.db, [{ id: job!.id, claim: 'worker.1' }], clock.now() + 90_000);
    expect(
      (await store.db.selectFrom('jobs').selectAll().executeTakeFirst())!.lease_expires_at,
    ).toBe(clock.now() + 90_000);
    // Moved by an edit: the old claim renews nothing, and another worker may take it.
    await add('held', clock.now(), jobKey('publish_target', 'held'));
    await renewLeases(store.db, [{ id: job!.id, claim: 'worker.1' }], clock.now() + 90_000);
    expect(await claim('worker.2')).toHaveLength(1);
  });

  it('adds one job per subject, keeping a job that is already there', async () => {
    await deliveryJobs({ id: 'dlv_a', runAt: clock.now() + 5_000 });
    await deliveryJobs({ id: 'dlv_a', runAt: clock.now() }, { id: 'dlv_b', runAt: clock.now() });
    const jobs = await store.db.selectFrom('jobs').selectAll().orderBy('id').execute();
    expect(
      jobs.map((job) => [job.id, job.dedupe_key, JSON.parse(job.payload), job.run_at]),
    ).toEqual([
      ['dlv_a', 'deliver:dlv_a', { deliveryId: 'dlv_a' }, clock.now() + 5_000],
      ['dlv_b', 'deliver:dlv_b', { deliveryId: 'dlv_b' }, clock.now()],
    ]);
    await queue.cancel(store.db, [jobKey('deliver_webhook', 'dlv_a')]);
    expect((await store.db.selectFrom('jobs').select('id').execute()).map((job) => job.id)).toEqual(
      ['dlv_b'],
    );
  });

  it('moves or removes a subject job only while no worker holds it', async () => {
    await deliveryJobs({ id: 'dlv_free', runAt: clock.now() });
    await deliveryJobs({ id: 'dlv_held', runAt: clock.now() });
    await claimDueJobs(store.db, store.capabilities, {
      owner: 'w',
      now: clock.now(),
      limit: 1,
      leaseMs: 60_000,
    });
    const held = (await store.db.selectFrom('jobs').selectAll().execute()).find(
      (job) => job.lease_owner !== null,
    )!;
    const free = held.id === 'dlv_free' ? 'dlv_held' : 'dlv_free';
    await settle(free, clock.now() + 9_000);
    await settle(held.id, null);
    await settle(held.id, clock.now() + 9_000);
    const rows = await store.db.selectFrom('jobs').selectAll().execute();
    expect(rows.find((job) => job.id === free)!.run_at).toBe(clock.now() + 9_000);
    expect(rows.find((job) => job.id === held.id)).toMatchObject({ run_at: clock.now() });
    await settle(free, null);
    expect(await countJobs(store.db)).toBe(1);
    // Nothing is added for a subject whose job is gone.
    await settle('dlv_gone', clock.now());
    expect(await countJobs(store.db)).toBe(1);
  });

  it('adds a keyed job once, leaving the one there as it is, or advancing it when nobody holds it', async () => {
    const key = jobKey('dispatch_events');
    const dispatch = (runAt: number, mode: 'keep-existing' | 'advance-if-unheld') =>
      queue.add(store.db, 'dispatch_events', {}, { runAt, key, mode, now: clock.now() });
    await dispatch(clock.now() + 30_000, 'keep-existing');
    await dispatch(clock.now(), 'keep-existing');
    const runAt = async () =>
      (await store.db.selectFrom('jobs').selectAll().execute()).map((job) => job.run_at);
    expect(await runAt()).toEqual([clock.now() + 30_000]);
    // Never later: a job due sooner stays due sooner.
    await dispatch(clock.now() + 60_000, 'advance-if-unheld');
    expect(await runAt()).toEqual([clock.now() + 30_000]);
    await dispatch(clock.now(), 'advance-if-unheld');
    expect(await runAt()).toEqual([clock.now()]);
    // Held by a run: left to it.
    await claim('w');
    await dispatch(clock.now() - 1_000, 'advance-if-unheld');
    expect(await runAt()).toEqual([clock.now()]);
    await queue.cancel(store.db, [key], { unheldOnly: true });
    expect(await countJobs(store.db)).toBe(1);
    await queue.cancel(store.db, [key]);
    expect(await countJobs(store.db)).toBe(0);
  });

  it('ends a job only in the transaction whose check allows it, running its handler again otherwise', async () => {
    // Work that arrives while a run decides to end must not be left without a job: the
    // worker checks and removes in one transaction, and runs the handler again if needed.
    let waiting = 2;
    const runs: number[] = [];
    const handlers: JobHandlers = {
      publish_target: async () => {},
      dispatch_events: async (_payload, { attempt }) => {
        runs.push(attempt);
        return {
          completeIf: async (trx) => {
            expect(await trx.selectFrom('jobs').select('id').execute()).toHaveLength(1);
            return --waiting === 0;
          },
        };
      },
      deliver_webhook: async () => {},
      ingest_meta_webhook: async () => {},
      materialize_series: async () => {},
      check_feed: async () => {},
    };
    const worker = createWorker({
      db: store.db,
      capabilities: store.capabilities,
      clock,
      logger,
      handlers,
      concurrency: 1,
    });
    await queue.add(
      store.db,
      'dispatch_events',
      {},
      {
        runAt: clock.now(),
        key: jobKey('dispatch_events'),
        mode: 'keep-existing',
        now: clock.now(),
      },
    );
    await worker.drain();
    expect(runs).toEqual([1, 1]);
    expect(await countJobs(store.db)).toBe(0);
    await worker.stop();
  });
});

describe('failure limits', () => {
  it('lets the publishing handler fail its target itself before the worker drops the job', () => {
    expect(PUBLISH_TARGET_GIVES_UP_AFTER).toBeGreaterThan(0);
    expect(PUBLISH_TARGET_GIVES_UP_AFTER).toBeLessThan(WORKER_GIVES_UP_AFTER);
  });
});
