// Procedures are written out where they are called: before checking, each call of a procedure in the
// setup and the flow becomes an InlinedCall holding a copy of the procedure's body (and, inside it, the
// copies of the procedures it calls). Each copy is then checked, lowered and emitted as if written there,
// so the decisions a procedure holds become states of their own at each call. A procedure may not call
// itself, directly or through others: that would never stop writing out.
import type * as A from "../syntax/ast.js";

export interface InlineProblem {
  readonly declaration: A.Declaration;
  readonly range: A.SourceRange;
  readonly message: string;
}

export function inlineProcedures(program: A.Program): {
  program: A.Program;
  problems: InlineProblem[];
  /** Each setup or flow declaration that was rewritten, and what it became. */
  replaced: Map<A.Declaration, A.Declaration>;
} {
  const procedures = new Map<string, A.ProcedureDeclaration>();
  for (const d of program.declarations) if (d.kind === "procedure" && !procedures.has(d.name.name)) procedures.set(d.name.name, d);
  const problems: InlineProblem[] = [];
  const replaced = new Map<A.Declaration, A.Declaration>();
  if (procedures.size === 0) return { program, problems, replaced };

  const inlineBlock = (block: A.Block, calling: readonly A.ProcedureDeclaration[], owner: A.Declaration): A.Block => ({
    ...block,
    statements: block.statements.map((s) => inlineStatement(s, calling, owner)),
  });

  const inlineStatement = (s: A.Statement, calling: readonly A.ProcedureDeclaration[], owner: A.Declaration): A.Statement => {
    switch (s.kind) {
      case "call": {
        const procedure = procedures.get(s.callee.name);
        if (!procedure) return s;
        if (calling.includes(procedure)) {
          const path = [...calling.slice(calling.indexOf(procedure)), procedure].map((p) => p.name.name).join(" → ");
          problems.push({ declaration: owner, range: s.callee.range, message: `${path}: a procedure may not call itself, directly or through others, or it would never stop` });
          return s;
        }
        const copy = structuredClone(procedure.body);
        const parameters: A.LetStatement[] = procedure.parameters.map((p, i) => ({
          kind: "let",
          name: structuredClone(p.name),
          type: null,
          value: s.args[i] ?? { kind: "integer", value: 0, range: s.range },
          range: s.range,
        }));
        return { kind: "inlined", procedure, call: s, parameters, body: inlineBlock(copy, [...calling, procedure], procedure), range: s.range };
      }
      case "if":
        return { ...s, then: inlineBlock(s.then, calling, owner), otherwise: s.otherwise ? inlineBlock(s.otherwise, calling, owner) : null };
      case "while":
      case "for":
      case "phase":
        return { ...s, body: inlineBlock(s.body, calling, owner) };
      case "ask":
        return { ...s, options: s.options.map((o) => ({ ...o, body: inlineBlock(o.body, calling, owner) })) };
      default:
        return s;
    }
  };

  const declarations = program.declarations.map((d): A.Declaration => {
    if (d.kind !== "setup" && d.kind !== "flow") return d;
    const written: A.Declaration = { ...d, body: inlineBlock(d.body, [], d) };
    replaced.set(d, written);
    return written;
  });
  // Each procedure is also written out once on its own, to find the cycles no call reaches.
  for (const procedure of procedures.values()) inlineBlock(procedure.body, [procedure], procedure);
  return { program: { ...program, declarations }, problems: dedupe(problems), replaced };
}

function dedupe(problems: InlineProblem[]): InlineProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.range.start.offset}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
