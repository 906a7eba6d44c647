#!/usr/bin/env node
// The `reelay-emulator` command. Committed rather than built, so package managers can link the
// command before the first build; the built entry checks the Node.js version before it
// loads anything else.
import '../dist/cli.js';
