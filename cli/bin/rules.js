#!/usr/bin/env node
// The `rules` command: runs the built CLI (run `npm run build` or `npm ci` first).
import "../dist/commands/main.js";
