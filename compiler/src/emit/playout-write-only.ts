// The playout kernel's write-only zones: a zone the rules only ever put cards into (a discard pile,
// the box, the sold Properties) is never read by them, nor by the score, so a kernel need not keep
// its cards: the move that puts a card there takes it from where it was and drops it. The puts are
// written marked (each a line of its own) and dropped once the kernel is written, unless the kernel
// looks cards up wherever they lie (a move whose origin the rules leave open searches every zone).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";

/** The mark that starts each line that keeps a card in a write-only zone. */
export const WRITE_ONLY = "/*write-only*/ ";

/** The names of the zones the rules never read: named only as where a `move`, `deal` or `move all`
 *  puts cards, and holding no limit (a full zone is a fault, so its count is read). */
export function writeOnlyZones(game: CheckedGame): Set<string> {
  const read = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (record.kind === "name") {
      const binding = game.names.get(record as unknown as A.NameExpression);
      if (binding?.kind === "zone") read.add(binding.declaration.name.name);
    }
    const puts = record.kind === "move" || record.kind === "deal" || record.kind === "move-all";
    for (const [key, child] of Object.entries(record)) {
      if (key === "range") continue;
      // Where cards are put: only a seat's index is read (`won[bidder]`), not the zone.
      if (puts && key === "to") {
        const to = child as A.Expression;
        if (to.kind === "index") visit(to.index);
        else if (to.kind !== "name") visit(to);
        continue;
      }
      visit(child);
    }
  };
  visit(game.program.declarations);
  return new Set(
    [...game.zones.values()].filter((z) => !read.has(z.name.name) && z.zoneKind !== "slot" && z.limit === null).map((z) => z.name.name),
  );
}

/** The kernel's lines with write-only zones' puts dropped, or kept (unmarked) where `keep`. */
export function writeOnlyPuts(lines: string[], keep: boolean): string[] {
  return keep ? lines.map((line) => (line.startsWith(WRITE_ONLY) ? line.slice(WRITE_ONLY.length) : line)) : lines.filter((line) => !line.startsWith(WRITE_ONLY));
}
