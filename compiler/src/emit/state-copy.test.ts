// The copy of a state written out per field type (sample.ts's copyState): each kind of value the State
// declares is copied so that the copy shares nothing, a value of no object kind is left to the spread.
import { describe, expect, it } from "vitest";
import { copyOf } from "./state-copy.js";

describe("copyOf", () => {
  it("leaves values that are no object to the spread around them", () => {
    for (const type of ["number", "boolean", "string", "CardId", "Enum_Colour"]) expect(copyOf("s.x", type, 0)).toBeNull();
  });

  it("slices a list of values (a zone, a per-player variable, a flow list, an enum type's members)", () => {
    expect(copyOf("zones.deck", "CardId[]", 0)).toBe("zones.deck.slice()");
    expect(copyOf("vars.coins", "number[]", 0)).toBe("vars.coins.slice()");
    expect(copyOf("locals.kinds", "readonly Enum_Kind[]", 0)).toBe("locals.kinds.slice()");
  });

  it("copies each row of a list of lists or of records (per-player zones, pair rows)", () => {
    expect(copyOf("zones.hand", "CardId[][]", 0)).toBe("zones.hand.map((e0) => e0.slice())");
    expect(copyOf("vars.owned", "Record<Enum_Field, number>[]", 0)).toBe("vars.owned.map((e0) => ({ ...e0 }))");
    expect(copyOf("vars.x", "number[][][]", 0)).toBe("vars.x.map((e0) => e0.map((e1) => e1.slice()))");
  });

  it("spreads a record of values (a per-card variable), and copies anything else as cloneJson does", () => {
    expect(copyOf("vars.houses", "Record<CardId, number>", 0)).toBe("({ ...vars.houses })");
    expect(copyOf("vars.marks", "Record<CardId, number[]>", 0)).toBe("cloneJson(vars.marks)");
    expect(copyOf("s.odd", "never", 0)).toBe("cloneJson(s.odd)");
  });
});
