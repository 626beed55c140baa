// A rules function's enum argument given with its member's index. The kernel holds an enum value
// as its member's name (`"brown"`); a function that reads running counts by it
// (`held(p, g) = count(d in deeds[p] where d.group == g)`, playout-counts.ts) looks up the index of
// `g` by a `switch` over the names, at each call, and again in each function it calls with `g`
// (`complete(p, g) = held(p, g) == group_size(g)`). A call whose enum argument's index is at hand
// without that look-up (a card's field, `d.group`, from an array of indexes by card made once; a
// member named in the rules; an argument of the caller's own that came with its index) calls
// instead the function's variant `fn_X$at`, which takes the indexes after the arguments and reads
// them where the plain function would look them up, and passes them on to the functions it calls.
// Only functions that read such an index (themselves, or through the functions they call with the
// argument) get a variant.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { cardFieldArray, functionName } from "./code.js";
import { functionsByName, walk } from "./playout-memo-reads.js";
import type { EnumIndexes } from "./playout-count-registry.js";
import { localName } from "./playout-zones.js";
import { writtenMember } from "./playout-enum-codes.js";

/** What the variants need of the memo: the arrays of a card field's member indexes by card id. */
type FieldIndexes = Pick<EnumIndexes, "fieldIndex">;

export class EnumArguments {
  private readonly functions: ReadonlyMap<string, A.FunctionDeclaration>;
  /** Per function, per parameter: whether the function reads the member index of that argument. */
  private readonly reads = new Map<string, readonly boolean[]>();
  /** Functions whose variant is called, in the order first called. */
  private readonly used: string[] = [];
  /** Set by the kernel writer: the code a name reads as where it is written (a parameter of a function
   *  written in place of its call reads as its argument: playout-inline-calls.ts). */
  nameCode: ((e: A.NameExpression) => string) | null = null;
  /** While a variant is written: the code of each parameter whose index it was given, and the index's. */
  private scope = new Map<string, string>();

  constructor(
    private readonly game: CheckedGame,
    private readonly indexes: FieldIndexes,
    /** Where an aggregate is written as a read of the running counts, the expressions it still
     *  evaluates (playout-counts.ts `readArguments`); null for a pass. */
    private readonly countedReads: (e: A.AggregateExpression) => readonly A.Expression[] | null,
  ) {
    this.functions = functionsByName(game);
  }

  /** The index of an enum value whose code is `value`, when a variant's argument gave it. */
  known(value: string): string | null {
    return this.scope.get(value) ?? null;
  }

  /** The call of `name`'s variant, or null: where it reads an enum argument's index and each such
   *  argument's index is at hand. */
  call(name: string, args: readonly string[], argExpressions: readonly A.Expression[]): string | null {
    const reads = this.readsOf(name);
    if (!reads.some(Boolean)) return null;
    const indexes: string[] = [];
    for (const [i, read] of reads.entries()) {
      if (!read) continue;
      const index = this.indexOf(argExpressions[i]!, args[i]!);
      if (index === null) return null;
      indexes.push(index);
    }
    if (!this.used.includes(name)) this.used.push(name);
    return `${functionName(name)}$at(${[...args, ...indexes].join(", ")})`;
  }

  /** `write` run with the indexes of `name`'s enum arguments that are at hand known by their code
   *  (`args`): its body written in place of the call reads them as its variant would
   *  (playout-inline-calls.ts). */
  withArguments<T>(name: string, args: readonly string[], argExpressions: readonly A.Expression[], write: () => T): T {
    const reads = this.readsOf(name);
    if (!reads.some(Boolean)) return write();
    const outer = this.scope;
    const scope = new Map(outer);
    reads.forEach((read, i) => {
      const index = read ? this.indexOf(argExpressions[i]!, args[i]!) : null;
      if (index !== null) scope.set(args[i]!, index);
    });
    this.scope = scope;
    try {
      return write();
    } finally {
      this.scope = outer;
    }
  }

  /** The variants called, each written by `write` (its signature's parameters, the index
   *  parameters added, and its body) with the indexes in scope; a variant's body may call others. */
  variants(write: (f: A.FunctionDeclaration, parameters: readonly string[]) => string): string[] {
    const written: string[] = [];
    for (let i = 0; i < this.used.length; i++) {
      const f = this.functions.get(this.used[i]!)!;
      const reads = this.readsOf(f.name.name);
      const outer = this.scope;
      this.scope = new Map();
      const parameters: string[] = [];
      f.parameters.forEach((p, j) => {
        if (!reads[j]) return;
        const local = this.localOf(p.name);
        this.scope.set(local, `${local}$index`);
        parameters.push(`${local}$index: number`);
      });
      try {
        written.push(write(f, parameters));
      } finally {
        this.scope = outer;
      }
    }
    return written;
  }

  /** An argument's member index without a look-up, or null. */
  private indexOf(e: A.Expression, code: string): string | null {
    const known = this.scope.get(code);
    if (known) return known;
    const type = this.game.types.get(e);
    if (type?.kind !== "enum") return null;
    const written = writtenMember(this.game, e);
    if (written) return written.enumName === type.name ? String(written.index) : null;
    if (e.kind === "member") {
      const card = this.game.types.get(e.target);
      // The card is read again for its index: only a name, read at no cost.
      const target = e.target.kind === "name" ? this.game.names.get(e.target) : undefined;
      if (card?.kind !== "card" || target?.kind !== "local") return null;
      const cardCode = this.nameCode ? this.nameCode(e.target as A.NameExpression) : localName(target.slot);
      return `${this.indexes.fieldIndex(cardFieldArray(card.cardType, e.member.name), type.name)}[${cardCode}]!`;
    }
    return null;
  }

  /** Per parameter of `name`: whether its body reads the argument's member index, in a read of the
   *  running counts compared with it or through a function it passes it to. */
  private readsOf(name: string, seen: ReadonlySet<string> = new Set()): readonly boolean[] {
    const made = this.reads.get(name);
    if (made) return made;
    const f = this.functions.get(name);
    if (!f || seen.has(name)) return [];
    const slots = f.parameters.map((p) => (this.game.names.get(p.name) as { slot?: { type?: { kind: string } } } | undefined)?.slot);
    const reads = slots.map(() => false);
    const at = (e: A.Expression): number => {
      if (e.kind !== "name") return -1;
      const binding = this.game.names.get(e);
      return binding?.kind === "local" ? slots.indexOf(binding.slot as never) : -1;
    };
    walk(f.body, (node) => {
      if (node.kind === "aggregate") {
        for (const e of this.countedReads(node as A.AggregateExpression) ?? []) {
          const i = at(e);
          if (i >= 0 && slots[i]?.type?.kind === "enum") reads[i] = true;
        }
      } else if (node.kind === "call") {
        const call = node as A.CallExpression;
        if (this.game.names.get(call)?.kind !== "function" || !this.functions.has(call.callee.name)) return;
        const inner = this.readsOf(call.callee.name, new Set([...seen, name]));
        call.args.forEach((a, j) => {
          const i = at(a);
          if (i >= 0 && inner[j] && slots[i]?.type?.kind === "enum") reads[i] = true;
        });
      }
    });
    if (seen.size === 0 || !seen.has(name)) this.reads.set(name, reads);
    return reads;
  }

  private localOf(name: A.Identifier): string {
    const binding = this.game.names.get(name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved function parameter");
    return localName(binding.slot);
  }
}
