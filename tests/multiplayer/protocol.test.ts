// The client carries its own copy of the protocol (a browser client must not depend on the server
// package): the two files must stay the same.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

it("server/src/protocol.ts and client/src/protocol.ts are the same text", () => {
  const read = (path: string): string => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), "utf8");
  expect(read("client/src/protocol.ts")).toBe(read("server/src/protocol.ts"));
});
