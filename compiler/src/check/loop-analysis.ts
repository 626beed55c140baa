// Which parts of the state an expression reads and a block of statements may change: enough to prove
// that a loop which asks nobody can never stop once it starts, because nothing its condition reads
// ever changes inside it. Conservative: anything unclear counts as a change, so no false warning.
import type * as A from "../syntax/ast.js";
import { subExpressions } from "../syntax/walk.js";
import type { Binding } from "./types.js";

/** A part of the state: a variable, a zone, a local (its slot), or the random generator. */
type Part = string | object;
const ANY_ZONE = "zone:*";
const RANDOM = "random";

export class LoopAnalysis {
  constructor(private readonly names: ReadonlyMap<A.Expression | A.Identifier, Binding>) {}

  private part(binding: Binding | undefined): Part | null {
    switch (binding?.kind) {
      case "var":
        return `var:${binding.declaration.name.name}`;
      case "zone":
        return `zone:${binding.declaration.name.name}`;
      case "local":
        return binding.slot;
      default:
        return null;
    }
  }

  /** What an expression reads, through the functions it calls. */
  reads(e: A.Expression, seen = new Set<A.FunctionDeclaration>()): Set<Part> {
    const found = new Set<Part>();
    const visit = (x: A.Expression): void => {
      if (x.kind === "name") {
        const part = this.part(this.names.get(x));
        if (part) found.add(part);
      }
      if (x.kind === "call") {
        if (x.callee.name === "random_player" || x.callee.name === "roll" || x.callee.name === "secret_roll") found.add(RANDOM);
        const binding = this.names.get(x);
        if (binding?.kind === "function" && !seen.has(binding.declaration)) {
          seen.add(binding.declaration);
          for (const part of this.reads(binding.declaration.body, seen)) found.add(part);
        }
      }
      subExpressions(x).forEach(visit);
    };
    visit(e);
    return found;
  }

  /** Whether an expression draws from the game's generator (a die, a random seat), itself or through
   *  the functions it calls: code that evaluates it must be kept for the numbers it draws. */
  draws(e: A.Expression): boolean {
    return this.reads(e).has(RANDOM);
  }

  /** What a block may change. */
  writes(block: A.Block): Set<Part> {
    const found = new Set<Part>();
    const root = (e: A.Expression): Part | null => this.part(this.names.get(e.kind === "index" ? e.target : e));
    const add = (part: Part | null): void => {
      found.add(part ?? ANY_ZONE);
    };
    const draws = (e: A.Expression): void => {
      if (this.reads(e).has(RANDOM)) found.add(RANDOM);
    };
    const visit = (statements: readonly A.Statement[]): void => {
      for (const s of statements) {
        switch (s.kind) {
          case "assign":
            add(root(s.target));
            draws(s.value);
            break;
          case "let":
            draws(s.value);
            break;
          case "transfer":
            add(root(s.from));
            add(root(s.to));
            break;
          case "ask":
            // A loop whose body asks is not analysed (the decision may change anything).
            found.add(ANY_ZONE);
            break;
          case "deal":
          case "move-all":
            add(root(s.from));
            add(root(s.to));
            break;
          case "move":
            // The card's own zone is not always plain from the statement: count every zone as changed.
            found.add(ANY_ZONE);
            break;
          case "shuffle":
            add(root(s.zone));
            found.add(RANDOM);
            break;
          case "if":
            draws(s.condition);
            visit(s.then.statements);
            visit(s.otherwise?.statements ?? []);
            break;
          case "while":
          case "phase":
            visit(s.body.statements);
            break;
          case "inlined":
            // The parameters are fresh locals of the copy: only what the body changes counts.
            s.parameters.forEach((p) => draws(p.value));
            visit(s.body.statements);
            break;
          case "for":
            visit(s.body.statements);
            break;
          default:
            break;
        }
      }
    };
    visit(block.statements);
    return found;
  }

  /** The parts the condition reads that the body may change (empty: the loop can never change course). */
  changed(condition: A.Expression, body: A.Block): Part[] {
    const reads = this.reads(condition);
    const writes = this.writes(body);
    return [...reads].filter((part) => writes.has(part) || (typeof part === "string" && part.startsWith("zone:") && writes.has(ANY_ZONE)));
  }

  /** The names a condition reads, for the message. */
  readNames(condition: A.Expression): string[] {
    const names = new Set<string>();
    const visit = (x: A.Expression): void => {
      if (x.kind === "name" && this.part(this.names.get(x))) names.add(x.name);
      subExpressions(x).forEach(visit);
    };
    visit(condition);
    return [...names];
  }
}
