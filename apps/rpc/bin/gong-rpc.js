#!/usr/bin/env node
// The command's entry. A file of its own, not dist/bin.js itself: pnpm links the bin of
// every workspace dependency at install time (gong depends on @gong/rpc for gong web),
// and on a fresh clone dist/ does not exist until the build.
import "../dist/bin.js";
