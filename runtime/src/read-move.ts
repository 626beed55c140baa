// Reading a move from an untrusted source: whatever a client sent (getters, proxies, cycles, deep
// nesting, huge strings) becomes either one frozen plain-JSON copy that fits the game's move
// schema, or an IllegalMove whose reason never quotes the input. The copy is made once, so what is
// checked is what is applied and logged.
import type { Game, IllegalMove, Move, MoveSchema, ParameterKind } from "./contract.js";
import { illegal } from "./errors.js";

/** Longest string a move may hold (a move type, an enumeration's name). */
export const MAX_MOVE_STRING = 64;
/** Most fields a move may have, its type included (schema-less games). */
export const MAX_MOVE_FIELDS = 32;
/** Longest reason a refusal gives. */
export const MAX_REASON = 200;

export type ReadMove<M extends Move = Move> =
  { readonly ok: true; readonly move: M } | { readonly ok: false; readonly error: IllegalMove };

/** Refused before anything in it was read as a move. */
class Refusal {
  constructor(readonly error: IllegalMove) {}
}

const refuse = (code: IllegalMove["code"], reason: string): never => {
  throw new Refusal(illegal(code, reason));
};

/** A reason cut to MAX_REASON characters: refusals are bounded whatever the game says. */
export function boundedReason(error: IllegalMove): IllegalMove {
  if (typeof error.reason === "string" && error.reason.length <= MAX_REASON) return error;
  const reason = typeof error.reason === "string" ? `${error.reason.slice(0, MAX_REASON - 1)}…` : "refused";
  return illegal(error.code, reason);
}

/** The object's own fields, read once each through their descriptors: never a getter, never twice. */
function ownFields(value: object, kind: "object" | "array"): Map<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  const plain = kind === "array" ? prototype === Array.prototype : prototype === Object.prototype || prototype === null;
  if (!plain) refuse("move/malformed", `a move must be plain JSON data`);
  const keys = Reflect.ownKeys(value);
  if (keys.length > MAX_MOVE_FIELDS + (kind === "array" ? 1_000 : 0)) refuse("move/malformed", "a move has too many fields");
  const fields = new Map<string, unknown>();
  for (const key of keys) {
    if (typeof key !== "string") refuse("move/malformed", "a move must be plain JSON data (no symbols)");
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined) continue;
    if (!("value" in descriptor)) refuse("move/malformed", "a move's fields must be plain values, not getters");
    if (kind === "array" && key === "length") continue;
    if (!descriptor.enumerable) refuse("move/malformed", "a move must be plain JSON data");
    fields.set(key as string, descriptor.value);
  }
  return fields;
}

function isRecord(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function boundedString(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_MOVE_STRING;
}

/** One parameter's value, copied, or a refusal naming the parameter (a name from the schema). */
function readParameter(
  name: string,
  kind: ParameterKind,
  value: unknown,
  cards: ReadonlySet<number>,
  seats: number,
): unknown {
  const bad = (what: string): never => refuse("move/bad-parameter", `${name} must be ${what}`);
  if (typeof kind === "object") {
    if (!boundedString(value) || !kind.enum.includes(value)) bad(`one of ${kind.enum.map((v) => `'${v}'`).join(", ")}`.slice(0, 120));
    return value;
  }
  switch (kind) {
    case "int":
      if (typeof value !== "number" || !Number.isSafeInteger(value)) bad("a whole number");
      return value;
    case "player":
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value >= seats) bad(`a seat (0 to ${seats - 1})`);
      return value;
    case "bool":
      if (typeof value !== "boolean") bad("true or false");
      return value;
    case "card":
      if (typeof value !== "number" || !cards.has(value)) bad("a card of this game");
      return value;
    case "cards": {
      if (!Array.isArray(value)) bad("a list of cards");
      const items = ownFields(value as unknown[], "array");
      const length = (value as unknown[]).length;
      if (typeof length !== "number" || length > cards.size || items.size !== length) bad("a list of cards of this game");
      const list: number[] = [];
      for (let i = 0; i < length; i++) {
        const card = items.get(String(i));
        if (typeof card !== "number" || !cards.has(card)) bad("a list of cards of this game");
        list.push(card as number);
      }
      return Object.freeze(list);
    }
  }
}

/** A schema-less game's move: any bounded flat JSON (values, or lists of numbers). */
function readLoose(fields: Map<string, unknown>): Record<string, unknown> {
  const move: Record<string, unknown> = {};
  for (const [key, value] of fields) {
    if (key.length > MAX_MOVE_STRING) refuse("move/malformed", "a move's field names are short");
    if (value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) || boundedString(value)) {
      move[key] = value;
    } else if (Array.isArray(value)) {
      const items = ownFields(value, "array");
      const list = [...items.values()];
      if (list.length !== value.length || !list.every((item) => typeof item === "number" && Number.isSafeInteger(item))) {
        refuse("move/malformed", "a move's lists hold card ids");
      }
      move[key] = Object.freeze(list);
    } else {
      refuse("move/malformed", "a move's fields are numbers, strings, booleans or lists of card ids");
    }
  }
  return move;
}

/** Everything `readMove` needs of the game, computed once per game. */
interface Reader {
  readonly schema: MoveSchema | undefined;
  readonly types: readonly string[];
  readonly cards: ReadonlySet<number>;
}

const readers = new WeakMap<object, Reader>();

function readerOf(game: Game): Reader {
  let reader = readers.get(game);
  if (!reader) {
    const schema = game.moves;
    reader = { schema, types: schema ? Object.keys(schema) : [], cards: new Set(game.meta.cards.map((card) => card.id)) };
    readers.set(game, reader);
  }
  return reader;
}

/** Reads the move's outer object and its type; the type is one of the schema's, when there is one. */
function readShape(game: Game, input: unknown): { type: string; fields: Map<string, unknown> } {
  if (!isRecord(input)) refuse("move/bad-parameter", "a move is an object with a type");
  const fields = ownFields(input as object, "object");
  const type = fields.get("type");
  if (typeof type !== "string") refuse("move/bad-parameter", "a move is an object with a type");
  const { schema } = readerOf(game);
  if (!boundedString(type) || (schema && !Object.prototype.hasOwnProperty.call(schema, type))) {
    refuse("move/unknown-type", "there is no such move in this game");
  }
  return { type: type as string, fields };
}

/** The frozen copy of a move whose shape `readShape` accepted, checked against the schema. */
function readFields(game: Game, type: string, fields: Map<string, unknown>, seats: number): Move {
  const { schema, cards } = readerOf(game);
  if (!schema) return Object.freeze(readLoose(fields)) as Move;
  const parameters = schema[type]!;
  const names = Object.keys(parameters);
  const takes = names.length === 0 ? `'${type}' takes no parameters` : `'${type}' takes ${names.join(", ")}`;
  for (const key of fields.keys()) {
    if (key !== "type" && !Object.prototype.hasOwnProperty.call(parameters, key)) refuse("move/bad-parameter", `${takes}, nothing else`);
  }
  const move: Record<string, unknown> = { type };
  for (const name of names) {
    if (!fields.has(name)) refuse("move/bad-parameter", `${takes}: ${name} is missing`);
    move[name] = readParameter(name, parameters[name]!, fields.get(name), cards, seats);
  }
  return Object.freeze(move) as Move;
}

/** Runs `read`, turning a refusal, or anything a hostile input throws while read, into an IllegalMove. */
function guarded<T>(read: () => T): T | IllegalMove {
  try {
    return read();
  } catch (error) {
    if (error instanceof Refusal) return error.error;
    // A proxy's trap, a revoked proxy, a stack overflow in a trap: the input is not plain data.
    return illegal("move/malformed", "a move must be plain JSON data");
  }
}

/** Step one of reading a move: its outer object and type (cheap; nothing deep is read). */
export function readMoveShape(game: Game, input: unknown): { type: string; fields: Map<string, unknown> } | IllegalMove {
  return guarded(() => readShape(game, input));
}

/** Step two: the parameters, copied and checked against the schema, for a match of `seats` seats. */
export function readMoveFields(game: Game, type: string, fields: Map<string, unknown>, seats: number): ReadMove {
  const read = guarded(() => readFields(game, type, fields, seats));
  return "code" in read && !("type" in read) ? { ok: false, error: read } : { ok: true, move: read as Move };
}

/** A move from an untrusted source, copied and checked against the game's move schema (not against
 *  the state: `applyMove` does that). Seats are checked against the game's largest table. */
export function readMoveOf(game: Game, input: unknown, seats: number): ReadMove {
  const shape = readMoveShape(game, input);
  if ("code" in shape) return { ok: false, error: shape };
  return readMoveFields(game, shape.type, shape.fields, seats);
}
