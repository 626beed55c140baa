// What a seat is told must be no more than what its view shows: each event eventsFor gives a seat is
// checked against that seat's view just after the move. A value it carries (cards, an amount, a
// variable's value, a die rolled into a variable) must sit where the view shows it.
import type { GameEvent, GameMeta, Seat, VarRef, ZoneRef } from "@rules/runtime/internal";

type ViewLike = { zones: Record<string, unknown>; vars: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether the view shows the variable's value (a per-player one: that seat's entry). */
function showsVar(meta: GameMeta, view: ViewLike, ref: VarRef): boolean {
  const info = meta.vars.find((v) => v.name === ref.variable);
  if (!info || info.perCard) return false;
  const shown = view.vars[ref.variable];
  if (!info.perPlayer) return shown !== null && shown !== undefined;
  return ref.seat !== null && Array.isArray(shown) && shown[ref.seat] !== null && shown[ref.seat] !== undefined;
}

/** Whether the view lists the zone's cards (not just their count). */
function showsZone(view: ViewLike, ref: ZoneRef | null): boolean {
  if (ref === null) return false;
  const entry = view.zones[ref.zone];
  const part = ref.seat === null ? entry : Array.isArray(entry) ? entry[ref.seat] : undefined;
  return isRecord(part) && Array.isArray(part["cards"]);
}

/** Each event told to `seat` that carries something its view (after the move) hides. */
export function toldBeyondView(meta: GameMeta, view: unknown, told: readonly GameEvent[], seat: Seat | null): string[] {
  if (!isRecord(view) || !isRecord(view["zones"]) || !isRecord(view["vars"])) return ["the view is not laid out as { zones, vars }"];
  const seen = view as ViewLike;
  const problems: string[] = [];
  for (const event of told) {
    const what = JSON.stringify(event);
    switch (event.kind) {
      case "move":
        if (event.cards !== null && !showsZone(seen, event.from) && !showsZone(seen, event.to)) problems.push(`cards from and to zones it cannot see: ${what}`);
        break;
      case "transfer":
        if (event.amount !== null && !showsVar(meta, seen, event.from) && !showsVar(meta, seen, event.to)) problems.push(`an amount between variables it cannot see: ${what}`);
        break;
      case "set":
        if (!showsVar(meta, seen, event.variable)) problems.push(`the value of a variable it cannot see: ${what}`);
        break;
      case "roll":
        // A die rolled out of sight (`secret_roll`) is told to nobody.
        if (event.secret) problems.push(`a die rolled out of sight: ${what}`);
        else if (event.into !== undefined && !showsVar(meta, seen, event.into)) problems.push(`a die rolled into a variable it cannot see: ${what}`);
        break;
      case "reveal":
        if (event.to !== seat) problems.push(`a card shown to another seat: ${what}`);
        break;
      case "say":
        if (event.to !== null && event.to !== seat) problems.push(`words said to another seat: ${what}`);
        break;
      default:
        break;
    }
  }
  return problems;
}
