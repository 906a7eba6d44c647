import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the `@reelay/source`
// export condition, so tests run without a build and see every change at once.
const conditions = ['@reelay/source', 'module', 'node', 'development|production'];

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
    // Most suites wait on servers, browsers and scheduled times rather than compute: more
    // files at once than cores keeps the run short. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
