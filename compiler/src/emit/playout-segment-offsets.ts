// A segment's place among its zone's segments, as the running counts index their per-segment rows
// (`counts[(seg - Z) * members + member]`). A zone reference writes its segment as the zone's first
// plus the seat (`(Z_deeds + l_q)`, playout-zones.ts) or as the zone itself (`Z_bank_deeds`), so the
// place is the seat or 0: written so, a read in a hot pass loads neither the zone's constant twice
// nor adds and takes it away again (`(Z_deeds + l_q - Z_deeds) * 8` becomes `l_q * 8`). Any other
// segment (a variable holding one, `$seg0`) keeps the subtraction.

/** `seg - constant`, written plainly where `seg` is `constant` or `(constant + x)`. */
export function segmentOffset(seg: string, constant: string): string {
  if (seg === constant || seg === `(${constant})`) return "0";
  const head = `(${constant} + `;
  // A quote may hide a parenthesis from `closesAtEnd`: such a segment keeps the subtraction.
  if (!seg.startsWith(head) || !closesAtEnd(seg) || /["'`]/.test(seg)) return `(${seg} - ${constant})`;
  return `(${seg.slice(head.length, -1)})`;
}

/** The start of segment `seg`'s row of `members` counts: `(seg - constant) * members`, or 0. */
export function segmentRow(seg: string, constant: string, members: number | string): string {
  const offset = segmentOffset(seg, constant);
  return offset === "0" ? "0" : `${offset} * ${members}`;
}

/** `row + at`, without the `0 + ` of the zone's first segment. */
export function rowPlus(row: string, at: string | number): string {
  return row === "0" ? String(at) : `${row} + ${at}`;
}

/** Whether the parenthesis opening `text` is the one closing it (so `(a) + (b)` is not taken whole). */
export function closesAtEnd(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i === text.length - 1;
  }
  return false;
}
