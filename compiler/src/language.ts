// @rules/compiler/language: the game as the compiler reads it, for tools that need more than compile
// and check (the language server, flow diagrams): the syntax tree, the checker's types, the flow
// machine, the formatter's layout and the scenario reader. It follows the compiler's internals, so
// it changes with them; `@rules/compiler` itself is the stable entry.

export * as ast from "./syntax/ast.js";
export { parseRules } from "./syntax/parser.js";
export type { CheckedGame } from "./check/checker.js";
export { typeName, type Binding, type Type } from "./check/types.js";
export { evaluateConstant } from "./check/constants.js";
export { lowerFlow } from "./lower/lower.js";
export { END, type Exit, type FlowMachine, type Step } from "./lower/ir.js";
export { FormatError, formatRules } from "./format/layout.js";
export { keywords, lexWithComments } from "./format/tokens.js";
export { formatScenario, lexScenarioWithComments } from "./format/scenario-layout.js";
export * as scenarioTokens from "./scenario/lexer.js";
export { cardName, cardsMatching, isProblem, readPattern } from "./scenario/cards.js";
export type { CardPattern, Name } from "./scenario/ast.js";
export { parseScenarioFile } from "./scenario/parser.js";
export { runScenario } from "./scenario/runner.js";
export { error, editDistance, type SourceSpan } from "./diagnostics.js";
