// How a kernel tests a flag. The kernel's variables live in its closure, and V8 knows nothing of the
// type a closure slot holds, nor of a plain array's entries (a per-player flag, a card's printed
// field): a flag there tested for truth is tested against every falsy value JavaScript has (false, 0,
// "", an undetectable object, a heap number, a BigInt), some fifteen instructions and five branches.
// Compared with `true`, one: booleans are single objects. Every flag of a kernel holds `true` or
// `false` (per-card flags, kept as bytes, are read through their own compare: playout-card-vars.ts),
// so the two tests agree. The kernel's own switches (`$preferred`, the seat totals' freshness, a
// window's pass-by) stay tested for truth: compared with `true`, they gained nothing measured
// (docs/kernel.md).

/** The test that the flag read by `read` (a name, or an array's entry) is set. */
export function flagSet(read: string): string {
  return `(${read} === true)`;
}

/** The test that fails where `code` holds: a flag's test (flagSet) turned round, anything else negated. */
export function failing(code: string): string {
  const flag = /^\(([\w$]+(?:\[[\w$ +*-]*\]!?)?) (===|!==) true\)$/.exec(code);
  if (flag === null) return `!(${code})`;
  return `${flag[1]} ${flag[2] === "===" ? "!==" : "==="} true`;
}
