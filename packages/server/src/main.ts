#!/usr/bin/env node
/**
 * Starts the Reelay server (`pnpm start`, `reelay-server`, `node dist/main.js`). ESM runs
 * every static import before this module's body, and the server's dependencies crash
 * while loading on an old Node.js without naming the version; so this entry imports only
 * the version check (bundled in, no dependencies) and loads the server afterwards.
 */
import { exitUnlessSupportedNode } from '@reelay/core/runtime';

exitUnlessSupportedNode();
const { startServer } = await import('./start-server');
startServer();
