// Which code a Redis worker runs. A fleet gives a local run's figures only if every machine runs
// the coordinator's compiler and runtime (and, for a game taken from the built package, the same
// build of it): a hash of their built JavaScript, by path within each package and content, lets a
// worker refuse a chunk it would play differently instead of merging other figures in silently.

import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

let version: Promise<string> | undefined;

export function codeVersion(): Promise<string> {
  version ??= (async () => {
    const hash = createHash("sha256");
    // The CLI's dist (this module is dist/simulation/…), the compiler's, the runtime's and the built games'.
    const roots = [dirname(dirname(fileURLToPath(import.meta.url)))];
    for (const name of ["@rules/compiler", "@rules/runtime/internal", "@rules/generated"]) {
      try {
        roots.push(dirname(fileURLToPath(import.meta.resolve(name))));
      } catch {
        // Not installed here (the built games are optional): nothing of it to compare.
      }
    }
    for (const [i, root] of roots.entries()) {
      const files = (await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((e) => e.isFile() && e.name.endsWith(".js"))
        .map((e) => join(e.parentPath, e.name))
        .sort();
      for (const file of files) hash.update(`\0${i}\0${relative(root, file)}\0`).update(await fs.readFile(file));
    }
    return hash.digest("hex").slice(0, 16);
  })();
  return version;
}
