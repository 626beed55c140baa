// The parser's lookahead, each decision's made the first time the parser meets it, from paths stored
// with the compiler when they are this grammar's. Working a decision's paths out is most of what a
// first parse costs a new process (about a tenth of `rules simulate` after a save); the paths depend
// on the grammar alone, so `node scripts/lookahead-table.mjs` works them all out once and writes them
// to lookahead-table.ts. A grammar that is not the stored one (changed since, not yet written again)
// works its paths out as Chevrotain does, so a stale table costs time, never a wrong parse; a test
// fails until the table is written again.
import { createHash } from "node:crypto";
import type * as Chevrotain from "chevrotain";
import { getLookaheadPaths, LLkLookaheadStrategy, serializeGrammar, VERSION } from "./chevrotain.js";
import { alternationLookahead, optionalLookahead } from "./lookahead-functions.js";
import { LOOKAHEAD_TABLE } from "./lookahead-table.js";

type Paths = Chevrotain.LookaheadSequence[];

/** What the table holds for one grammar: its decisions' paths, each token by its place in `tokens`. */
export interface StoredGrammar {
  readonly grammar: string;
  readonly tokens: readonly string[];
  readonly decisions: Readonly<Record<string, readonly (readonly (readonly number[])[])[]>>;
}

/** A grammar's identity: its rules as Chevrotain serializes them, and the Chevrotain that works out paths. */
export function grammarFingerprint(rules: Chevrotain.Rule[]): string {
  const hash = createHash("sha256").update(JSON.stringify(serializeGrammar(rules))).digest("hex");
  return `chevrotain ${VERSION} grammar ${hash.slice(0, 24)}`;
}

/** A decision's name in the table: its rule, its kind, which of its kind in the rule, how far it looks. */
function decisionKey(rule: string, kind: Chevrotain.LookaheadProductionType, occurrence: number, maxLookahead: number): string {
  return `${rule} ${kind} ${occurrence} ${maxLookahead}`;
}

/** The stored paths of a grammar's decisions, its tokens given back, or undefined when the table is not this grammar's. */
function storedPaths(fingerprint: string, tokens: readonly Chevrotain.TokenType[]): ((key: string) => Paths | undefined) | undefined {
  const stored = LOOKAHEAD_TABLE.find((grammar) => grammar.grammar === fingerprint);
  if (!stored) return undefined;
  const byName = new Map(tokens.map((token) => [token.name, token]));
  const kinds = stored.tokens.map((name) => byName.get(name));
  if (kinds.some((kind) => kind === undefined)) return undefined;
  return (key) => stored.decisions[key]?.map((paths) => paths.map((path) => path.map((token) => kinds[token]!)));
}

/** Where a strategy takes a decision's paths from. */
type PathSource = (
  rule: Chevrotain.Rule,
  kind: Chevrotain.LookaheadProductionType,
  occurrence: number,
  maxLookahead: number,
) => Paths;

/**
 * A lookahead strategy whose decisions' functions are made from the paths `pathsOf` gives: each when
 * the parser first meets it, or all as the parser is built (`atOnce`, to record them).
 */
function strategyFrom(
  maxLookahead: number,
  initialize: (rules: Chevrotain.Rule[]) => PathSource,
  atOnce = false,
): Chevrotain.ILookaheadStrategy {
  const checks = new LLkLookaheadStrategy({ maxLookahead });
  let pathsOf: PathSource | undefined;
  return {
    validate: (options) => checks.validate(options),
    initialize: ({ rules }) => void (pathsOf = initialize(rules)),
    buildLookaheadForAlternation({ rule, prodOccurrence, maxLookahead: k, hasPredicates }) {
      const make = () => alternationLookahead(pathsOf!(rule, "Alternation", prodOccurrence, k), hasPredicates);
      let made = atOnce ? make() : undefined;
      return function (this: unknown, alternatives) {
        made ??= make();
        return made.call(this as ThisParameterType<typeof made>, alternatives);
      };
    },
    buildLookaheadForOptional({ rule, prodOccurrence, prodType, maxLookahead: k }) {
      const make = () => optionalLookahead(pathsOf!(rule, prodType, prodOccurrence, k)[0]!);
      let made = atOnce ? make() : undefined;
      return function (this: unknown) {
        made ??= make();
        return made.call(this as ThisParameterType<typeof made>);
      };
    },
  };
}

const worked = (rule: Chevrotain.Rule, kind: Chevrotain.LookaheadProductionType, occurrence: number, maxLookahead: number): Paths =>
  getLookaheadPaths({ rule, prodType: kind, occurrence, maxLookahead });

/**
 * The parser's strategy: each decision's function made at first use, from the stored paths when the
 * table is this grammar's (found at the first decision met: a process that parses nothing looks for
 * nothing), else from paths worked out then.
 */
export function lazyLookahead(maxLookahead: number, tokens: readonly Chevrotain.TokenType[]): Chevrotain.ILookaheadStrategy {
  return strategyFrom(maxLookahead, (rules) => {
    let stored: ((key: string) => Paths | undefined) | null | undefined;
    return (rule, kind, occurrence, k) => {
      stored ??= storedPaths(grammarFingerprint(rules), tokens) ?? null;
      return stored?.(decisionKey(rule.name, kind, occurrence, k)) ?? worked(rule, kind, occurrence, k);
    };
  });
}

/**
 * A strategy that works out every decision's paths as the parser is built (Chevrotain asks for every
 * decision then) and adds them to `into`: how scripts/lookahead-table.mjs and its test make the table.
 */
export function recordingLookahead(maxLookahead: number, tokens: readonly Chevrotain.TokenType[], into: StoredGrammar[]): Chevrotain.ILookaheadStrategy {
  const names = tokens.map((token) => token.name);
  if (new Set(names).size !== names.length) throw new Error("two token kinds share a name: the table could not tell them apart");
  return strategyFrom(maxLookahead, (rules) => {
    const decisions: Record<string, number[][][]> = {};
    into.push({ grammar: grammarFingerprint(rules), tokens: names, decisions });
    return (rule, kind, occurrence, k) => {
      const paths = worked(rule, kind, occurrence, k);
      // An optional part's function reads only the paths into it, not the ones past it.
      const kept = kind === "Alternation" ? paths : paths.slice(0, 1);
      decisions[decisionKey(rule.name, kind, occurrence, k)] = kept.map((alternative) =>
        alternative.map((path) => path.map((token) => names.indexOf(token.name))),
      );
      return paths;
    };
  }, true);
}
