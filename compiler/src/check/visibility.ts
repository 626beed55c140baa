// The visibility words beyond public/owner/hidden: `others` (every seat but the owner's, a Hanabi
// hand) and `open` (a per-card value seen by every seat wherever its card lies, a Hanabi hint).
import type * as A from "../syntax/ast.js";
import type { CheckContext } from "./context.js";

/** `others` needs an owner to leave out (per player); `open` belongs to cards (per card). */
export function checkSeatVisibility(ctx: CheckContext, d: A.VarDeclaration | A.ZoneDeclaration): void {
  const perCard = d.kind === "var" ? d.perCard : null;
  if (d.visibility === "others" && !d.perPlayer) {
    const owner = perCard ? `belongs to ${perCard.name} cards, which no player owns` : "is shared, so no player owns it";
    ctx.error("check/others-of-shared", `'${d.name.name}' ${owner}: 'others' means every seat but its owner's; declare it per player, or make it public or hidden`, d.name.range);
  }
  if (d.visibility === "open" && !perCard) {
    const what = d.kind === "zone" ? "a zone" : d.perPlayer ? "a per-player variable" : "a shared variable";
    ctx.error("check/open-not-per-card", `'${d.name.name}' is ${what}: 'open' is for a per-card value seen wherever its card lies, even face down (per Card var ... open); use public here`, d.name.range);
  }
}
