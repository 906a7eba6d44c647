import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', main: 'src/main.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node22',
  // The Node version check is bundled into `main.js` from core's sources, so the entry
  // imports nothing before it runs (see src/main.ts); the rest of core stays a dependency.
  noExternal: [/^@reelay\/core\/runtime$/],
  esbuildOptions(options) {
    options.conditions = ['@reelay/source', 'module', 'import'];
  },
});
