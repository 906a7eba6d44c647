/**
 * Architecture rules checked by test/architecture.test.ts (part of `pnpm test`).
 *
 * - No import cycle inside any package's sources: a cycle ties modules together so
 *   that none can be understood, tested or moved alone.
 * - HTTP handlers talk to services, never to the store: transactions, locks and the
 *   shape of stored rows stay behind the services `createReelay` builds.
 * - No file reaches into another package's `test/` folder (nor do the repository's own
 *   `test/`, `bench/`, `scripts/` and `examples/`): what tests share lives in the private
 *   @reelay/test-support package, so a package's tests can change without breaking others.
 */

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
      from: { path: '^packages/server/src/http/' },
      to: { path: '^packages/server/src/store/' },
    },
    {
      name: 'no-foreign-test-folder',
      severity: 'error',
      comment:
        "A file imports another package's test/ folder (or root test/, bench/, scripts/ or " +
        "examples/ imports a package's): move what is shared into packages/test-support " +
        'and import it as @reelay/test-support/<name>.',
      // $1 is the importing folder: a package's own test/ folder stays its own to use.
      from: { path: '^(packages/[^/]+|test|bench|scripts|examples)/' },
      to: { path: '^packages/[^/]+/test/', pathNot: '^$1/test/' },
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
