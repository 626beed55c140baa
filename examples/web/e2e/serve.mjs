// The example app built with Vite and served from a temporary folder, and Debian's Chromium driven by
// playwright-core (nothing downloads a browser): shared by the play test and the screenshot script.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { build } from "vite";

const appRoot = fileURLToPath(new URL("..", import.meta.url));
export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/**
 * Builds the app and serves it on a free loopback port: `{ base, close() }`. Under Nx the test task
 * runs after `example-web:build` and names its output in RULES_WEB_DIST (project.json): that build is
 * served as it is instead of building the same app again for each test file.
 */
export async function buildAndServe() {
  const built = process.env["RULES_WEB_DIST"];
  if (built && !existsSync(path.join(built, "index.html"))) {
    throw new Error(`RULES_WEB_DIST names ${built}, which holds no built app (index.html): run \`vite build examples/web\` first`);
  }
  const outDir = built ? path.resolve(built) : await mkdtemp(path.join(tmpdir(), "rules-web-"));
  if (!built) await build({ root: appRoot, logLevel: "warn", build: { outDir, emptyOutDir: true } });
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    const file = path.join(outDir, path.normalize(pathname === "/" ? "/index.html" : pathname));
    readFile(file).then(
      (body) => response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", listening));
  return {
    base: `http://127.0.0.1:${server.address().port}/`,
    async close() {
      await new Promise((closed) => server.close(closed));
      if (!built) await rm(outDir, { recursive: true, force: true });
    },
  };
}

export async function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: this drives a real browser. Install Debian's package ` +
        "(apt-get install -y chromium; .ci/run does it) or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  // Root in CI: Chromium's sandbox needs a user namespace it may not get there.
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}
