// The same app with a misspelt move type: it must not compile.
import { applyMove, createMatch } from "@rules/runtime";
import { game } from "@rules/generated/for-sale";

const match = createMatch(game, { players: 3, seed: 1 });
applyMove(match, 0, { type: "rasie", amount: 3 });
