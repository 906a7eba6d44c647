/**
 * The publishing pipeline's timings, with their defaults. A module of its own so the
 * server context can name them without importing the pipeline.
 */
import type { PipelineSettings } from '@reelay/core';

export type { PipelineSettings };

export const DEFAULT_PIPELINE_SETTINGS: PipelineSettings = {
  missedGraceMs: 15 * 60_000,
  videoLeadMs: 5 * 60_000,
  stuckAfterMs: 60 * 60_000,
  confirmWindowMs: 10 * 60_000,
  maxAttempts: 6,
};
