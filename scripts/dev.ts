/**
 * `pnpm dev`: the Instagram emulator and the Reelay server wired to it, with a demo ready
 * to use (see `dev-environment.ts`). ESM runs every static import before this module's
 * body, and the server's dependencies crash while loading on an old Node.js without
 * naming the version; so this imports only the version check, then the environment.
 */
import { exitUnlessSupportedNode } from '@reelay/core/runtime';

exitUnlessSupportedNode();
await import('./dev-environment');
