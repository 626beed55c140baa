// Elimination: `eliminate(p)` takes a player out of the game for good ("the bankrupt player retires
// from the game"). A game that eliminates gets a per-player variable of the language's own,
// `eliminated` (0 while the player is in the game, 1 for the first to leave, 2 for the next, ...),
// public, so views, scenarios and tools see who is out. Before checking, each `eliminate(p)` is
// written out as what it does: `if eliminated[p] == 0 { eliminated[p] = player_count - count(players) + 1 }`
// (`players` no longer counting the seats already out). What the rest of the compiler does with it:
// `players`, `players_from` and `next` pass over the seats that are out (emit/code.ts), so turns,
// windows, races, `ask each` and choices of a player skip them; `score` ranks them last, by when
// they left (emit/index-file.ts).
import type * as A from "../syntax/ast.js";

/** The variable `eliminate` keeps. */
export const ELIMINATED = "eliminated";

export interface EliminationProblem {
  readonly declaration: A.Declaration;
  readonly range: A.SourceRange;
  readonly code: string;
  readonly message: string;
}

export function desugarElimination(program: A.Program): {
  program: A.Program;
  eliminates: boolean;
  problems: EliminationProblem[];
  /** Each declaration written anew, and the one it comes from (the variable added: the first). */
  origin: Map<A.Declaration, A.Declaration>;
} {
  const problems: EliminationProblem[] = [];
  const origin = new Map<A.Declaration, A.Declaration>();
  // A procedure or function of the rules' own named `eliminate` keeps its meaning.
  const taken = program.declarations.some((d) => (d.kind === "procedure" || d.kind === "function") && d.name.name === "eliminate");
  if (taken) return { program, eliminates: false, problems, origin };
  let eliminates = false;
  let owner: A.Declaration | null = null;
  const userVar = program.declarations.find((d): d is A.VarDeclaration => d.kind === "var" && d.name.name === ELIMINATED);

  const block = (b: A.Block): A.Block => ({ ...b, statements: b.statements.map(statement) });
  const statement = (s: A.Statement): A.Statement => {
    switch (s.kind) {
      case "call":
        if (s.callee.name !== "eliminate") return s;
        eliminates = true;
        if (s.args.length !== 1) {
          problems.push({ declaration: owner!, range: s.range, code: "check/wrong-arity", message: `eliminate takes one argument, the player who leaves the game, but was given ${s.args.length}` });
          return nothing(s.range);
        }
        if (owner?.kind === "setup") {
          problems.push({ declaration: owner, range: s.range, code: "check/eliminate-in-setup", message: "nobody leaves the game during setup: eliminate a player in the flow" });
        }
        // With the rules' own `eliminated` (reported below), the call does nothing more.
        return userVar ? nothing(s.range) : written(s.args[0]!, s.range);
      case "assign":
        if (rootName(s.target) === ELIMINATED && !userVar) {
          problems.push({ declaration: owner!, range: s.target.range, code: "check/eliminated-is-kept", message: "'eliminated' is kept by eliminate(p) alone: a player who left cannot come back, nor the order change" });
        }
        return s;
      case "if":
        return { ...s, then: block(s.then), otherwise: s.otherwise ? block(s.otherwise) : null };
      case "while":
      case "for":
      case "phase":
        return { ...s, body: block(s.body) };
      case "ask":
        return { ...s, options: s.options.map((o) => ({ ...o, body: block(o.body) })) };
      default:
        return s;
    }
  };

  const declarations = program.declarations.map((d): A.Declaration => {
    owner = d;
    if (d.kind !== "setup" && d.kind !== "flow" && d.kind !== "procedure") return d;
    const written: A.Declaration = { ...d, body: block(d.body) };
    origin.set(written, d);
    return written;
  });
  if (!eliminates) {
    // Assignments to a rules' own `eliminated` were not flagged above unless the language keeps it.
    return { program, eliminates: false, problems: [], origin: new Map() };
  }
  if (userVar) {
    problems.push({ declaration: userVar, range: userVar.name.range, code: "check/reserved-name", message: "'eliminated' is the language's record of who left the game, kept by eliminate(p): name this variable differently" });
    return { program: { ...program, declarations }, eliminates: false, problems, origin };
  }
  const at = program.game?.range ?? { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
  const variable: A.VarDeclaration = {
    kind: "var",
    perPlayer: true,
    perCard: null,
    name: { name: ELIMINATED, range: at },
    type: { name: { name: "int", range: at }, list: false },
    visibility: "public",
    initial: { kind: "integer", value: 0, range: at },
    label: "out of the game (in the order they left)",
    // On the table only for a seat that is out: `shown when eliminated[owner] > 0`.
    shown: {
      kind: "shown",
      // The value is the order the seat left in, which the final standing tells; its panel says only that it is out.
      template: { parts: ["out of the game"], range: at },
      condition: {
        kind: "binary",
        operator: ">",
        left: { kind: "index", target: { kind: "name", name: ELIMINATED, range: at }, index: { kind: "name", name: "owner", range: at }, range: at },
        right: { kind: "integer", value: 0, range: at },
        range: at,
      },
      range: at,
    },
    on: null,
    unit: null,
    range: at,
  };
  const first = program.declarations[0];
  if (first) origin.set(variable, first);
  return { program: { ...program, declarations: [variable, ...declarations] }, eliminates: true, problems, origin };
}

/** `if eliminated[p] == 0 { eliminated[p] = player_count - count(players) + 1 }`: a player who is out
 *  stays out, in the place they left in. */
function written(player: A.Expression, range: A.SourceRange): A.Statement {
  const slot = (): A.Expression => ({ kind: "index", target: { kind: "name", name: ELIMINATED, range }, index: player, range });
  const place: A.Expression = {
    kind: "binary",
    operator: "+",
    left: {
      kind: "binary",
      operator: "-",
      left: { kind: "name", name: "player_count", range },
      right: { kind: "call", callee: { name: "count", range }, args: [{ kind: "name", name: "players", range }], range },
      range,
    },
    right: { kind: "integer", value: 1, range },
    range,
  };
  return {
    kind: "if",
    condition: { kind: "binary", operator: "==", left: slot(), right: { kind: "integer", value: 0, range }, range },
    then: { statements: [{ kind: "assign", target: slot(), operator: "=", value: place, range }], range },
    otherwise: null,
    range,
  };
}

/** A statement that does nothing: what is left of a call reported already. */
function nothing(range: A.SourceRange): A.Statement {
  return { kind: "if", condition: { kind: "boolean", value: false, range }, then: { statements: [], range }, otherwise: null, range };
}

function rootName(e: A.Expression): string | null {
  if (e.kind === "name") return e.name;
  if (e.kind === "index") return rootName(e.target);
  return null;
}
