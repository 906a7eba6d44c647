/**
 * Architecture rules checked by test/architecture.test.ts (part of `pnpm test`).
 *
 * - No import cycle inside any package's sources: a cycle ties modules together so
 *   that none can be understood, tested or moved alone.
 * - HTTP handlers talk to services, never to the store: transactions, locks and the
 *   shape of stored rows stay behind the services `createReelay` builds.
 * - Packages import one another in one direction (docs/architecture.md, "Packages"):
 *   core imports none of ours; the SDK only core; the web app only the SDK; MCP no engine part;
 *   the server no edge; nothing imports the CLI; the emulator, a stand-in for
 *   Instagram, imports nothing of ours at all. Tests inside a package's sources may use
 *   the emulator, as the package's devDependencies say.
 * - The store does not reach the work queue: services add and cancel jobs inside their
 *   own transactions, so the layers point one way (queue → store, never back).
 * - The work queue is entered through its index only: `add`, `cancel` and the worker;
 *   claims, leases and the statements on the `jobs` table stay inside queue/.
 * - No file reaches into another package's `test/` folder (nor do the repository's own
 *   `test/`, `bench/`, `scripts/` and `examples/`): what tests share lives in the private
 *   @reelay/test-support package, so a package's tests can change without breaking others.
 */

const TESTS = '\\.test\\.tsx?$';

/** A package-direction rule: non-test sources of `from` never import the packages in `to`. */
function direction(name, from, to, comment) {
  return {
    name,
    severity: 'error',
    comment,
    from: { path: `^packages/${from}/src/`, pathNot: TESTS },
    to: { path: `^packages/(${to.join('|')})/` },
  };
}

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
    direction(
      'core-imports-none-of-ours',
      'core',
      ['sdk', 'server', 'cli', 'mcp', 'web', 'emulator', 'test-support'],
      'packages/core is the contract every other package follows: it imports none of them.',
    ),
    direction(
      'sdk-imports-only-core',
      'sdk',
      ['server', 'cli', 'mcp', 'web', 'emulator', 'test-support'],
      'The SDK is what every client uses: it may build on core alone.',
    ),
    direction(
      'mcp-imports-no-engine',
      'mcp',
      ['server', 'cli', 'web', 'emulator', 'test-support'],
      'MCP tools call the API through the SDK, like any client; the server mounts MCP, not the reverse.',
    ),
    direction(
      'web-imports-only-sdk',
      'web',
      ['core', 'server', 'cli', 'mcp', 'emulator', 'test-support'],
      'The web app is static files that call the API through the SDK; the limits, value ' +
        'lists, zoned time and draft rules it shows come from @reelay/sdk, which carries ' +
        "core's zod-free parts.",
    ),
    direction(
      'server-imports-no-edge',
      'server',
      ['cli', 'web', 'emulator', 'test-support'],
      "The server serves the web app's built files by path and is started by the CLI; it imports neither.",
    ),
    {
      name: 'emulator-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'The emulator stands in for Instagram: sharing code with Reelay would let a bug on ' +
        'one side hide the same bug on the other. Write what it needs inside packages/emulator.',
      from: { path: '^packages/emulator/' },
      to: { path: '^packages/', pathNot: '^packages/emulator/' },
    },
    {
      name: 'store-not-queue',
      severity: 'error',
      comment:
        'packages/server/src/store must not import packages/server/src/queue: the store ' +
        'reads and writes rows, and the service that owns the transaction adds or cancels ' +
        'the jobs that go with them (packages/server/src/queue/index.ts).',
      from: { path: '^packages/server/src/store/' },
      to: { path: '^packages/server/src/queue/' },
    },
    {
      name: 'queue-through-index',
      severity: 'error',
      comment:
        'Outside packages/server/src/queue, import only packages/server/src/queue/index.ts ' +
        '(add, addMany, cancel, the worker and handler types): claims, leases and the ' +
        "statements on the jobs table are the queue's own.",
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/queue/' },
      to: {
        path: '^packages/server/src/queue/',
        pathNot: '^packages/server/src/queue/index\\.ts$',
      },
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
