// The games already compiled into `@rules/generated`.

import type { Game } from "@rules/runtime/internal";

export type Games = Readonly<Record<string, Game>>;

/**
 * The compiled games of `@rules/generated`. Imported at run time, not statically: the generated
 * package is itself built by this CLI (`rules compile`), so the compiler cannot depend on it at build time.
 */
export async function loadGames(): Promise<Games> {
  const specifier = "@rules/generated";
  let module: { games?: Games };
  try {
    module = (await import(specifier)) as { games?: Games };
  } catch (error) {
    throw new Error(
      `cannot load the compiled games (${specifier}): ${(error as Error).message}\n` +
        "Run `rules compile` and then `npm run build` first.",
    );
  }
  if (!module.games) throw new Error(`${specifier} exports no \`games\`: run \`rules compile\` again`);
  return module.games;
}
