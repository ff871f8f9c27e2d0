#!/usr/bin/env node
// The command's entry. A file of its own, not dist/bin.js itself: pnpm links the bin of
// every workspace package at install time, and on a fresh clone dist/ does not exist until the build.
import "../dist/bin.js";
