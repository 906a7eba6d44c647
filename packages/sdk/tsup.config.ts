import { defineConfig } from 'tsup';

export default defineConfig({
  // Recurring posts' arithmetic is its own entry: the calendar library it brings stays out
  // of the main one (`@reelay/sdk/recurrence`).
  entry: { index: 'src/index.ts', recurrence: 'src/recurrence.ts' },
  format: ['esm', 'cjs'],
  // The declarations inline the core types they use (webhook signing), so the published
  // d.ts names neither @reelay/core, which is not a dependency, nor zod.
  dts: { resolve: [/^@reelay\/core/] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // The SDK carries the parts of core it uses, so it has no runtime dependency on it
  // and bundlers can shake away the rest.
  // The occurrences' calendar arithmetic (rrule-temporal) comes along the same way.
  noExternal: [/^@reelay\/core/, /^rrule-temporal/],
});
