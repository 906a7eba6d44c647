import preact from '@preact/preset-vite';
import { defaultClientConditions, defineConfig } from 'vite';

// The SDK and core are taken from their TypeScript sources (the `@reelay/source` export
// condition), as the tests do, so the app never needs them built first.
export default defineConfig({
  base: '/app/',
  plugins: [preact()],
  resolve: { conditions: ['@reelay/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every asset is a file under /app/assets: the CSP allows no inline style or script.
    assetsInlineLimit: 0,
  },
});
