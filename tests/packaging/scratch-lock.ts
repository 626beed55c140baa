// A package-lock.json for a scratch project that installs the packed tarballs, built from the
// workspace's own lockfile: every registry package the tarballs need, at the version and integrity
// the workspace locks. `npm ci --offline` then installs from the npm cache that the workspace's
// `npm ci` filled, asking the registry nothing (a plain `npm install --offline` would need package
// metadata that `npm ci` never fetches).

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

export interface Tarball {
  /** The package's name, as its package.json gives it. */
  readonly name: string;
  /** The tarball's path relative to the scratch project (`../packs/rules-runtime-0.1.0.tgz`). */
  readonly file: string;
  /** The packed package.json: its version and dependencies. */
  readonly manifest: LockEntry;
}

/** Where `name`, required from the package at `from`, is found: the nearest node_modules up the tree. */
function locate(packages: Record<string, LockEntry>, from: string, name: string): string | null {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules/")))) {
    const candidate = dir === "" ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (dir === "") return null;
  }
}

/**
 * The scratch project's lockfile: its root depends on the tarballs; their registry dependencies (and
 * those dependencies' own, transitively) are copied from `workspace` at the same node_modules paths.
 * A dependency that the workspace does not lock is an error naming it.
 */
export function scratchLock(workspace: Lockfile, tarballs: readonly Tarball[]): Lockfile {
  const source = workspace.packages;
  const byName = new Map(tarballs.map((t) => [t.name, t]));
  const packages: Record<string, LockEntry> = {
    "": { name: "scratch", dependencies: Object.fromEntries(tarballs.map((t) => [t.name, `file:${t.file}`])) },
  };
  const queue: Array<{ from: string; deps: Record<string, string> }> = [];
  for (const t of tarballs) {
    const { version, dependencies, peerDependencies, peerDependenciesMeta, bin, engines } = t.manifest;
    packages[`node_modules/${t.name}`] = { version, resolved: `file:${t.file}`, dependencies, peerDependencies, peerDependenciesMeta, bin, engines };
    queue.push({ from: "", deps: { ...dependencies } });
  }
  while (queue.length > 0) {
    const { from, deps } = queue.shift()!;
    for (const name of Object.keys(deps)) {
      if (byName.has(name)) continue;
      const at = locate(source, from, name);
      if (at === null) throw new Error(`${name} (needed by ${from || "a tarball"}) is not in the workspace's package-lock.json`);
      if (packages[at]) continue;
      const { dev, devOptional, peer, ...entry } = source[at]!;
      void dev, void devOptional, void peer;
      packages[at] = entry;
      queue.push({ from: at, deps: { ...entry.dependencies, ...entry.optionalDependencies } });
    }
  }
  return { lockfileVersion: 3, packages: { ...packages } };
}
