#!/usr/bin/env node
/**
 * `reelay-emulator`. Checks the Node.js version before loading the emulator, so an old
 * Node gets one line naming both versions instead of a crash inside a module.
 */
import { exitUnlessRecentNode } from './node-check';

exitUnlessRecentNode();
const { runCli } = await import('./run-cli');
runCli();
