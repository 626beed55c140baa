// Simulation on a Redis fleet (BullMQ, ioredis) and the plots of balance reports (vega, vega-lite) are
// optional dependencies of the CLI: most users never run them, and they are large. They are imported
// only when a command needs them, and a missing one is told as what to install, never a stack trace.

import { readFileSync } from "node:fs";

/** A command needs an optional package that is not installed. */
export class MissingDependency extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MissingDependency";
  }
}

/**
 * `load()` (a dynamic import of the module that uses `packages`); when one of them is not installed,
 * a MissingDependency that says what `purpose` needs and the command that installs it.
 */
export async function importOptional<T>(load: () => Promise<T>, packages: readonly string[], purpose: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = packages.filter((name) => isMissingPackage(error, name));
    if (missing.length === 0) throw error;
    const install = packages.map((name) => `${name}@${pinnedVersion(name)}`).join(" ");
    throw new MissingDependency(
      `${purpose} needs ${packages.join(" and ")} (optional dependencies of @rules/cli), and ${missing.join(" and ")} ` +
        `${missing.length === 1 ? "is" : "are"} not installed here: run \`npm install ${install}\``,
    );
  }
}

function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ERR_MODULE_NOT_FOUND" && typeof message === "string" && message.includes(`'${name}'`);
}

/** The version the CLI is tested with (its package.json, one folder above dist/ or src/). */
function pinnedVersion(name: string): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      optionalDependencies?: Record<string, string>;
    };
    return manifest.optionalDependencies?.[name] ?? "latest";
  } catch {
    return "latest";
  }
}

/** What simulation on a Redis fleet loads (`rules simulate --redis`, `rules worker`). */
export const REDIS_PACKAGES = ["bullmq", "ioredis"] as const;

/** What a balance report's plots load (`rules report`). */
export const PLOT_PACKAGES = ["vega", "vega-lite"] as const;
