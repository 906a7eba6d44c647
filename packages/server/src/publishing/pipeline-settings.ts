/**
 * The publishing pipeline's timings, with their defaults. A module of its own so the
 * server context can name them without importing the pipeline.
 */
import type { PipelineSettings as PipelineTimings } from '@reelay/core';
import { DEFAULT_UPLOAD_CHUNK_BYTES } from '@reelay/core/platform';

/** Core's timings, plus what only the server decides. */
export interface PipelineSettings extends PipelineTimings {
  /**
   * Containers an account may have created in the last 24 h for another preparation ahead
   * of time to start. Instagram allows 400 (reference §2 "Limits"); the rest is left for
   * the work that cannot wait: immediate posts, and posts whose preparation was refused.
   */
  prepareContainerBudget: number;
  /** Bytes per request of a resumable video upload (tests lower it to see several chunks). */
  uploadChunkBytes: number;
}

/** Instagram's containers per account per rolling 24 h (reference §2 "Limits"). */
export const PLATFORM_CONTAINER_LIMIT = 400;

export const DEFAULT_PIPELINE_SETTINGS: PipelineSettings = {
  missedGraceMs: 15 * 60_000,
  videoLeadMs: 5 * 60_000,
  stuckAfterMs: 60 * 60_000,
  confirmWindowMs: 10 * 60_000,
  maxAttempts: 6,
  prepareWindowMs: 10 * 60_000,
  prepareContainerBudget: PLATFORM_CONTAINER_LIMIT - 100,
  uploadChunkBytes: DEFAULT_UPLOAD_CHUNK_BYTES,
};
