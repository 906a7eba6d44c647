import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node22',
  // Each command is its own chunk, loaded by `import()` when it runs: `reelay --help`
  // reads commander and the command table only.
  splitting: true,
  // Core's rules (caption, schedule, time zones) are bundled from its sources, so only
  // those small modules come along, not zod or the contract; the SDK, the server and the
  // emulator stay dependencies, loaded from their own builds.
  noExternal: [/^@reelay\/core/],
  esbuildOptions(options) {
    options.conditions = ['@reelay/source', 'module', 'import'];
  },
});
