#!/usr/bin/env node
/**
 * `reelay-emulator`. Checks the Node.js version before loading the emulator, so an old
 * Node gets one line naming both versions instead of a crash inside a module.
 */
// By path rather than package name: the emulator has no dependencies (and core depends
// on it for its tests), and tsup bundles this small module into the command.
import { exitUnlessSupportedNode } from '../../core/src/runtime/index';

exitUnlessSupportedNode();
const { runCli } = await import('./run-cli');
runCli();
