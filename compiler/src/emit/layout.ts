// How emitted TypeScript is laid out: by Prettier, at 110 columns. Its Babel parser for TypeScript
// (`babel-ts`) gives the code the emitter writes the same layout as its `typescript` parser (the
// committed generated/ is the same byte for byte) in about two thirds of the time: Prettier's
// TypeScript parser builds TypeScript's own syntax tree, then converts it to the tree it prints.
export const LAYOUT = { parser: "babel-ts", printWidth: 110 } as const;
