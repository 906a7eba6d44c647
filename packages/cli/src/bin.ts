#!/usr/bin/env node
/**
 * The `reelay` executable. ESM runs every static import before this module's body, and
 * the server and SDK crash while loading on an old Node.js without naming the version;
 * so this entry imports only the version check (bundled in, no dependencies) and loads
 * the CLI afterwards.
 */
import { exitUnlessSupportedNode } from '@reelay/core/runtime';

exitUnlessSupportedNode();
const { runReelay } = await import('./run-reelay');
await runReelay(process.argv);
