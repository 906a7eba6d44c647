import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    openapi: 'src/openapi/index.ts',
    webhooks: 'src/webhooks/index.ts',
    errors: 'src/errors/index.ts',
    platform: 'src/platform/index.ts',
    runtime: 'src/runtime/index.ts',
    vocabulary: 'src/vocabulary/index.ts',
    rules: 'src/rules/index.ts',
    recurrence: 'src/scheduling/recurrence.ts',
    bulk: 'src/bulk/index.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2023',
});
