// Cards glide from where they were to where a move put them (FLIP: the first and last positions,
// the difference inverted, then played), keyed by card id. Nothing moves for a reader who asked
// for reduced motion, nor after a step back or a load (only after one move).

/** Each card's last drawn position, by card id. */
export type Positions = Map<string, DOMRect>;

const DURATION_MS = 350;

export function animateCards(root: HTMLElement, positions: Positions, animate: boolean): void {
  const reduced = root.ownerDocument.defaultView?.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const seen = new Set<string>();
  for (const element of root.querySelectorAll<HTMLElement>("[data-card]")) {
    const id = element.dataset["card"]!;
    // A card shown twice (a space's card named elsewhere) is animated once.
    if (seen.has(id)) continue;
    seen.add(id);
    const now = element.getBoundingClientRect();
    const before = positions.get(id);
    positions.set(id, now);
    if (!animate || reduced || !before) continue;
    const dx = before.left - now.left;
    const dy = before.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    element.animate?.([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: DURATION_MS, easing: "ease-out" });
  }
  for (const id of [...positions.keys()]) if (!seen.has(id)) positions.delete(id);
}
