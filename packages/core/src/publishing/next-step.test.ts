import { describe, expect, it } from 'vitest';
import {
  nextStep,
  pollDelay,
  workStart,
  type PipelineProgress,
  type PipelineSettings,
  type PipelineStep,
} from './next-step';

const settings: PipelineSettings = {
  missedGraceMs: 15 * 60_000,
  videoLeadMs: 5 * 60_000,
  stuckAfterMs: 60 * 60_000,
  confirmWindowMs: 10 * 60_000,
  maxAttempts: 6,
  prepareWindowMs: 0,
};

/** The same timings, preparing containers ten minutes ahead. */
const prepared: PipelineSettings = { ...settings, prepareWindowMs: 10 * 60_000 };

const T = Date.parse('2026-12-01T10:00:00Z');
const MIN = 60_000;

/** A scheduled single-image target at T, nothing done yet. */
const fresh: PipelineProgress = {
  status: 'scheduled',
  scheduledFor: T,
  createdAt: T - 24 * 60 * MIN,
  hasVideo: false,
  childrenNeeded: 0,
  childrenCreated: 0,
  containerId: null,
  containerCreatedAt: null,
  containerReadyAt: null,
  publishAttemptedAt: null,
  platformPostId: null,
  attempts: 0,
};

const withContainer: PipelineProgress = {
  ...fresh,
  containerId: '1790',
  containerCreatedAt: T - MIN,
};

const attempted: PipelineProgress = {
  ...withContainer,
  status: 'publishing',
  containerReadyAt: T - 30_000,
  publishAttemptedAt: T - 10_000,
};

const cases: Array<[string, PipelineProgress, number, PipelineStep]> = [
  // stop
  ['does nothing for a published target', { ...fresh, status: 'published' }, T, { kind: 'stop' }],
  ['does nothing for a failed target', { ...fresh, status: 'failed' }, T, { kind: 'stop' }],
  ['does nothing for a cancelled target', { ...fresh, status: 'cancelled' }, T, { kind: 'stop' }],
  // wait for the start
  ['waits for the scheduled time of an image post', fresh, T - MIN, { kind: 'wait', until: T }],
  [
    'starts a video post five minutes before its time',
    { ...fresh, hasVideo: true },
    T - 10 * MIN,
    { kind: 'wait', until: T - 5 * MIN },
  ],
  // missed
  [
    'fails a target that could not start within the grace period as MISSED',
    fresh,
    T + 16 * MIN,
    { kind: 'fail', code: 'MISSED' },
  ],
  [
    'still starts a target late but within the grace period',
    fresh,
    T + 14 * MIN,
    { kind: 'create-container' },
  ],
  [
    'never calls an immediate post MISSED',
    { ...fresh, status: 'queued', scheduledFor: null, createdAt: T - 60 * MIN },
    T,
    { kind: 'create-container' },
  ],
  [
    'leaves a target that already started to its own limits instead of MISSED',
    { ...fresh, attempts: 1 },
    T + 60 * MIN,
    { kind: 'create-container' },
  ],
  // create children / container
  [
    'creates the first carousel child',
    { ...fresh, childrenNeeded: 3 },
    T,
    { kind: 'create-child', index: 0 },
  ],
  [
    'creates the next carousel child after the stored ones',
    { ...fresh, childrenNeeded: 3, childrenCreated: 2 },
    T,
    { kind: 'create-child', index: 2 },
  ],
  [
    'creates the parent once every child exists',
    { ...fresh, childrenNeeded: 3, childrenCreated: 3 },
    T,
    { kind: 'create-container' },
  ],
  // poll
  ['polls a container made by an earlier run', withContainer, T, { kind: 'poll' }],
  [
    'polls a video container even when just created',
    { ...withContainer, hasVideo: true, observed: { containerCreatedNow: true } },
    T,
    { kind: 'poll' },
  ],
  [
    'polls again later while the container is processing',
    { ...withContainer, observed: { containerStatus: 'IN_PROGRESS' } },
    T,
    { kind: 'wait', until: T + pollDelay(MIN) },
  ],
  [
    'fails a container processing for over an hour as CONTAINER_STUCK',
    {
      ...withContainer,
      containerCreatedAt: T - 61 * MIN,
      observed: { containerStatus: 'IN_PROGRESS' },
    },
    T,
    { kind: 'fail', code: 'CONTAINER_STUCK' },
  ],
  // wait for the time asked, publish
  [
    'waits for the time asked with a container ready early',
    { ...withContainer, hasVideo: true, containerReadyAt: T - 2 * MIN },
    T - 2 * MIN,
    { kind: 'wait', until: T },
  ],
  [
    'publishes an image container just created without polling',
    { ...withContainer, observed: { containerCreatedNow: true } },
    T,
    { kind: 'publish' },
  ],
  [
    'publishes a ready container at its time',
    { ...withContainer, containerReadyAt: T - MIN },
    T,
    { kind: 'publish' },
  ],
  // confirm
  ['confirms a publication attempted before', attempted, T, { kind: 'confirm' }],
  [
    'publishes again when the container says the attempt did not publish',
    { ...attempted, observed: { containerStatus: 'FINISHED' } },
    T,
    { kind: 'publish' },
  ],
  [
    'checks an unconfirmed publication again within the window',
    { ...attempted, observed: { outcomeUnknown: true } },
    T,
    { kind: 'wait', until: T + 15_000 },
  ],
  [
    'fails a publication unconfirmed after the window as PUBLISH_UNCONFIRMED',
    { ...attempted, publishAttemptedAt: T - 11 * MIN, observed: { outcomeUnknown: true } },
    T,
    { kind: 'fail', code: 'PUBLISH_UNCONFIRMED' },
  ],
  [
    'keeps polling an attempted container still processing',
    { ...attempted, observed: { containerStatus: 'IN_PROGRESS' } },
    T,
    { kind: 'wait', until: T + pollDelay(MIN) },
  ],
  // finish
  [
    'finishes a target whose media id is stored',
    { ...attempted, platformPostId: '1791' },
    T,
    { kind: 'finish' },
  ],
  [
    'finishes when the container says it was published',
    { ...attempted, observed: { containerStatus: 'PUBLISHED' } },
    T,
    { kind: 'finish' },
  ],
  [
    'finishes a polled container found already published',
    { ...withContainer, observed: { containerStatus: 'PUBLISHED' } },
    T,
    { kind: 'finish' },
  ],
];

const HOUR = 60 * MIN;

/** Rows with containers prepared ten minutes ahead of the time asked. */
const preparedCases: Array<[string, PipelineProgress, number, PipelineStep]> = [
  [
    'waits for the preparation window of an image post',
    fresh,
    T - 11 * MIN,
    { kind: 'wait', until: T - 10 * MIN },
  ],
  [
    'asks the container budget before preparing an image post',
    fresh,
    T - 10 * MIN,
    { kind: 'reserve-containers', count: 1 },
  ],
  [
    'asks the budget for every container of a carousel (its items and itself)',
    { ...fresh, childrenNeeded: 3 },
    T - 5 * MIN,
    { kind: 'reserve-containers', count: 4 },
  ],
  [
    'asks the budget only for the containers still missing',
    { ...fresh, childrenNeeded: 3, childrenCreated: 2 },
    T - 9 * MIN,
    { kind: 'reserve-containers', count: 2 },
  ],
  [
    'prepares the container once the budget allows it',
    { ...fresh, observed: { preparation: 'allowed' } },
    T - 10 * MIN,
    { kind: 'create-container' },
  ],
  [
    'prepares the first carousel item once the budget allows it',
    { ...fresh, childrenNeeded: 3, observed: { preparation: 'allowed' } },
    T - 10 * MIN,
    { kind: 'create-child', index: 0 },
  ],
  [
    'waits for the time asked when the budget refuses preparation',
    { ...fresh, observed: { preparation: 'refused' } },
    T - 10 * MIN,
    { kind: 'wait', until: T },
  ],
  [
    'starts a video five minutes early when the budget refuses preparation',
    { ...fresh, hasVideo: true, observed: { preparation: 'refused' } },
    T - 10 * MIN,
    { kind: 'wait', until: T - 5 * MIN },
  ],
  [
    'creates a video container within its own lead without asking the budget',
    { ...fresh, hasVideo: true },
    T - 4 * MIN,
    { kind: 'create-container' },
  ],
  [
    'creates the container at the time asked without asking the budget',
    fresh,
    T,
    { kind: 'create-container' },
  ],
  [
    'never prepares an immediate post: it is due at once',
    { ...fresh, status: 'queued', scheduledFor: null, createdAt: T },
    T,
    { kind: 'create-container' },
  ],
  [
    'polls an image container prepared ahead of time before relying on it',
    { ...withContainer, observed: { preparation: 'allowed', containerCreatedNow: true } },
    T - 10 * MIN,
    { kind: 'poll' },
  ],
  [
    'waits for the time asked with a prepared container that finished',
    { ...withContainer, observed: { containerStatus: 'FINISHED' } },
    T - 9 * MIN,
    { kind: 'wait', until: T },
  ],
  [
    'publishes a prepared, finished container at the time asked, with nothing else first',
    { ...withContainer, containerCreatedAt: T - 10 * MIN, containerReadyAt: T - 10 * MIN },
    T,
    { kind: 'publish' },
  ],
  [
    'discards a container that would expire before its time, to create it again',
    { ...withContainer, containerCreatedAt: T - 23 * HOUR - MIN, containerReadyAt: T - 23 * HOUR },
    T - 5 * MIN,
    { kind: 'discard-containers' },
  ],
  [
    'discards a container found too old at the time asked',
    { ...withContainer, containerCreatedAt: T - 24 * HOUR, containerReadyAt: T - 24 * HOUR },
    T,
    { kind: 'discard-containers' },
  ],
  [
    'keeps an old container once a publication was attempted: its status decides',
    { ...attempted, containerCreatedAt: T - 24 * HOUR },
    T,
    { kind: 'confirm' },
  ],
  [
    'fails as MISSED a target prepared in time but not published within the grace period',
    { ...withContainer, containerCreatedAt: T - 10 * MIN, containerReadyAt: T - 10 * MIN },
    T + 16 * MIN,
    { kind: 'fail', code: 'MISSED' },
  ],
  [
    'still publishes a target prepared in time, late but within the grace period',
    { ...withContainer, containerCreatedAt: T - 10 * MIN, containerReadyAt: T - 10 * MIN },
    T + 14 * MIN,
    { kind: 'publish' },
  ],
  [
    'leaves a target whose processing outlasted its time to its own limits instead of MISSED',
    { ...withContainer, containerCreatedAt: T - 10 * MIN, containerReadyAt: T + 10 * MIN },
    T + 16 * MIN,
    { kind: 'publish' },
  ],
  [
    'still fails as MISSED a prepared target that never started',
    fresh,
    T + 16 * MIN,
    { kind: 'fail', code: 'MISSED' },
  ],
];

describe('nextStep', () => {
  it.each(cases)('%s', (_name, progress, now, step) => {
    expect(nextStep(progress, now, settings)).toEqual(step);
  });
});

describe('nextStep, preparing containers ahead of time', () => {
  it.each(preparedCases)('%s', (_name, progress, now, step) => {
    expect(nextStep(progress, now, prepared)).toEqual(step);
  });
});

describe('pipeline timings', () => {
  it('polls slower as processing takes longer', () => {
    expect([0, 10_000, 60_000, 5 * MIN].map(pollDelay)).toEqual([1_000, 3_000, 10_000, 30_000]);
  });

  it('starts video work ahead of its time and images at it', () => {
    expect(workStart(T, [{ type: 'video' }], settings)).toBe(T - 5 * MIN);
    expect(workStart(T, [{ type: 'image' }], settings)).toBe(T);
  });

  it('starts every kind within the preparation window, video at the earlier of both', () => {
    expect(workStart(T, [{ type: 'image' }], prepared)).toBe(T - 10 * MIN);
    expect(workStart(T, [{ type: 'video' }], prepared)).toBe(T - 10 * MIN);
    const short = { ...prepared, prepareWindowMs: 2 * MIN };
    expect(workStart(T, [{ type: 'video' }], short)).toBe(T - 5 * MIN);
    expect(workStart(T, [{ type: 'image' }], short)).toBe(T - 2 * MIN);
  });
});
