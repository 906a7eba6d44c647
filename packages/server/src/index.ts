/**
 * `@reelay/server`: the self-hostable Reelay HTTP server.
 *
 * @example
 * ```ts
 * import { createReelay, loadConfig } from '@reelay/server';
 * const reelay = await createReelay(loadConfig());
 * await reelay.listen();
 * ```
 */
export { createReelay, type Reelay, type ReelayOptions } from './create-reelay';
export {
  BackupError,
  createBackup,
  restoreBackup,
  type BackupErrorCode,
  type BackupManifest,
  type BackupResult,
  type PgDumpOutcome,
  type RestoreResult,
} from './backup';
export { loadConfig, ConfigError, type ReelayConfig, type DatabaseSettings } from './config';
export { createManualClock, systemClock, type Clock, type ManualClock } from './clock';
export { createLogger, type Logger } from './logger';
export {
  createMemoryRateLimiter,
  type RateLimiter,
  type RateLimitResult,
} from './http/rate-limiter';
export { createDatabaseRateLimiter } from './services/database-rate-limiter';
