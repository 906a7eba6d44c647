/**
 * Architecture rules checked by test/architecture.test.ts (part of `pnpm test`).
 *
 * - No import cycle inside any package's sources: a cycle ties modules together so
 *   that none can be understood, tested or moved alone.
 * - HTTP handlers talk to services, never to the store: transactions, locks and the
 *   shape of stored rows stay behind the services `createReelay` builds.
 */

/**
 * http → store imports that remain until their handlers move onto services. Each is a
 * known debt: new ones are refused. Remove an entry once its import is gone.
 */
const HTTP_STORE_ALLOWED = [
  // Bearer authentication reads API keys and users.
  '^packages/server/src/http/authenticate\\.ts$',
  // The database rate limiter takes the database handle (type only).
  '^packages/server/src/http/rate-limiter\\.ts$',
  // Sign-in, refresh and sign-up still issue sessions and write users in the handler.
  '^packages/server/src/http/handlers/auth\\.ts$',
  // Webhook subscription handlers still look up profiles and subscriptions.
  '^packages/server/src/http/handlers/notifications\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycle: modules that import each other cannot be understood or moved alone. ' +
        'Move the shared part into a module both can import.',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'http-not-store',
      severity: 'error',
      comment:
        'packages/server/src/http must not import packages/server/src/store: handlers call ' +
        'a service built by createReelay (packages/server/src/services), which owns the ' +
        'transaction and the stored shape.',
      from: {
        path: '^packages/server/src/http/',
        pathNot: HTTP_STORE_ALLOWED,
      },
      to: { path: '^packages/server/src/store/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      conditionNames: ['@reelay/source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
