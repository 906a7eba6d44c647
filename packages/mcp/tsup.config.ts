import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // The declarations inline the few core types they name, so the published d.ts does not
  // import @reelay/core, which is not a dependency.
  dts: { resolve: [/^@reelay\/core/] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // The contract's routes and schemas come along from core's sources, as in the SDK; the
  // MCP SDK, zod and @reelay/sdk stay dependencies.
  noExternal: [/^@reelay\/core/],
  esbuildOptions(options) {
    options.conditions = ['@reelay/source', 'module', 'import'];
  },
});
