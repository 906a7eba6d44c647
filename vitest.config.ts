import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/long-files-first.js';

// Workspace packages resolve to their TypeScript sources through the `@reelay/source`
// export condition, so tests run without a build and see every change at once.
const conditions = ['@reelay/source', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@reelay/source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/shared-state.ts'],
    sequence: { sequencer: LongFilesFirst },
    // Most suites wait on servers, browsers and scheduled times rather than compute: more
    // files at once than cores keeps the run short. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // A worker runs file after file in one process: the server's modules load once per
    // worker rather than once per file. Every suite closes what it starts.
    isolate: false,
    testTimeout: 20_000,
    // A busy machine (two cores shared by browsers, servers and databases) can take more
    // than a second to render a change; a poll gives up only when something is wrong.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
