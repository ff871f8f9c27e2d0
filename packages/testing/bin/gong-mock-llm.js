#!/usr/bin/env node
// Committed shim so pnpm can link the bin before dist/ is built.
import "../dist/cli.js";
