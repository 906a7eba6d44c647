/**
 * Runs before every test file. Files share a worker process (`isolate: false` in
 * vitest.config.ts), so what one file sets at module level would otherwise reach the
 * next: each file starts from the defaults a fresh process has.
 */
import { userLanguage } from '@reelay/core/runtime';
import { setLanguage } from '../packages/cli/src/i18n';

// The CLI's language, which its unit suites switch to test both (a fresh process takes
// it from the locale variables).
setLanguage(userLanguage(process.env));
