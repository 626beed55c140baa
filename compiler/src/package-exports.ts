// The `exports` map of the compiled-games package: one subpath per game (`@rules/generated/for-sale`),
// so that an app imports one game and its bundle holds that game alone, the same game with what search
// bots need (`@rules/generated/for-sale/search`), and `.` (every game, by id, for tools).
// `rules compile` rewrites the map whenever it writes the games, so a new game gets its entry at once;
// every other field of the package.json is the maintainers' and is kept as it is.

/** One entry point: its declarations for TypeScript and its ES module for everyone else. */
function entry(folder: string, module = "index"): { types: string; default: string } {
  return { types: `./dist/${folder}${module}.d.ts`, default: `./dist/${folder}${module}.js` };
}

/**
 * `manifest` (the package.json text) with its `exports` replaced by the entries of `gameIds`. Node
 * 20.19+ loads these ES modules from `require()` as well, so one build serves both kinds of consumer.
 */
export function withGameExports(manifest: string, gameIds: readonly string[]): string {
  const parsed = JSON.parse(manifest) as Record<string, unknown>;
  const exports: Record<string, unknown> = { ".": entry("") };
  for (const id of [...gameIds].sort()) {
    exports[`./${id}`] = entry(`${id}/`);
    exports[`./${id}/search`] = entry(`${id}/`, "search");
  }
  exports["./package.json"] = "./package.json";
  return `${JSON.stringify({ ...parsed, exports }, null, 2)}\n`;
}
