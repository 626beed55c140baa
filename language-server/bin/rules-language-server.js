#!/usr/bin/env node
// The rules language server on stdin and stdout (`--stdio`, which editors pass, is the only transport).
import "../dist/stdio.js";
