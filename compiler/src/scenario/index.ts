// Scenarios: worked examples that prove a rules file right, written by hand and played against
// the compiled game. See docs/scenarios.md for the format.
export type * from "./ast.js";
export { parseScenario, parseScenarioFile } from "./parser.js";
export { runScenario, formatOutcome, type ScenarioOutcome, type StepOutcome, type StepStatus } from "./runner.js";
export { formatDiagnostic, formatDiagnostics, type Diagnostic } from "../diagnostics.js";
