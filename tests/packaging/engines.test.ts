// The README promises Node 20.19 or later: every package the lockfile installs (dev tools included)
// must accept it, so that `npm ci` prints no engine warning there. A package whose newest line needs
// Node 22 is pinned at the newest line that does not (docs/packaging.md says which).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const readme = readFileSync(`${root}README.md`, "utf8");
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, "utf8")) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

test("every locked package runs on the Node the README and the packages promise", () => {
  const promised = /Node (\d+\.\d+)\+/.exec(readme)?.[1];
  expect(promised, "the README names the Node it needs").toBeDefined();
  const version = `${promised}.0`;
  const refusing = Object.entries(lock.packages)
    .map(([at, entry]) => [at, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
    .filter(([, range]) => range !== undefined && !semver.satisfies(version, range, { includePrerelease: true }))
    .map(([at, range]) => `${at} needs node ${range}`);
  expect(refusing).toEqual([]);
  const { engines } = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { engines: { node: string } };
  expect(engines.node).toBe(`>=${promised}`);
});
