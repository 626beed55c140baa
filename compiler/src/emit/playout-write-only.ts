// The playout kernel's write-only zones: a zone the rules only ever put cards into (a discard pile,
// the box, the sold Properties) is never read by them, nor by the score, so a kernel need not keep
// its cards: the move that puts a card there takes it from where it was and drops it. The puts are
// written marked (each a line of its own) and dropped once the kernel is written, unless the kernel
// looks cards up wherever they lie (a move whose origin the rules leave open searches every zone).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { walk } from "./playout-memo-reads.js";

/** The mark that starts each line that keeps a card in a write-only zone. */
export const WRITE_ONLY = "/*write-only*/ ";

/** The names of the zones the rules never read: named only as where a `move`, `deal` or `move all`
 *  puts cards, and holding no limit (a full zone is a fault, so its count is read). */
export function writeOnlyZones(game: CheckedGame): Set<string> {
  const read = new Set<string>();
  const visit = (node: { kind: string }): void | false => {
    if (node.kind === "name") {
      const binding = game.names.get(node as A.NameExpression);
      if (binding?.kind === "zone") read.add(binding.declaration.name.name);
    }
    if (node.kind !== "move" && node.kind !== "deal" && node.kind !== "move-all") return;
    // Where cards are put: only a seat's index is read (`won[bidder]`), not the zone.
    for (const [key, child] of Object.entries(node as unknown as Record<string, unknown>)) {
      if (key === "range") continue;
      if (key !== "to") walk(child, visit);
      else if ((child as A.Expression).kind === "index") walk((child as A.IndexExpression).index, visit);
      else if ((child as A.Expression).kind !== "name") walk(child, visit);
    }
    return false;
  };
  walk(game.program.declarations, visit);
  return new Set(
    [...game.zones.values()].filter((z) => !read.has(z.name.name) && z.zoneKind !== "slot" && z.limit === null).map((z) => z.name.name),
  );
}

/** The kernel's lines with write-only zones' puts dropped, or kept (unmarked) where `keep`. */
export function writeOnlyPuts(lines: string[], keep: boolean): string[] {
  return keep ? lines.map((line) => (line.startsWith(WRITE_ONLY) ? line.slice(WRITE_ONLY.length) : line)) : lines.filter((line) => !line.startsWith(WRITE_ONLY));
}
