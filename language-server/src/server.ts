// The rules language server (`rules lsp --stdio`), on vscode-languageserver: diagnostics as you type,
// hover, go to definition, references, rename, completion, document symbols and formatting for
// .rules files; diagnostics (the parser's, then those of running the scenarios), hover, definitions
// into the game's rules, completion, symbols and formatting for .scenario files (scenario.ts,
// scenario-navigation.ts). Each open file is analysed on its own (analysis.ts), after a short pause in typing,
// inside a guard (guard.ts): an analysis that throws is a diagnostic at 1:1. `rules lsp` runs this
// server in a worker under a supervisor (supervisor.ts), which bounds its time and memory.
import {
  createConnection,
  DiagnosticSeverity,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type Range,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { fileURLToPath } from "node:url";
import * as path from "node:path";
import type { ast as A } from "@rules/compiler/language";
import { analyse, type Analysis } from "./analysis.js";
import { completions, definition, documentSymbols, formatting, hover } from "./features.js";
import { referencesWithScenarios, renameWithScenarios } from "./scenario-references.js";
import { analyseScenario, scenarioCompletions, scenarioDiagnostics, scenarioFormatting, type ScenarioAnalysis } from "./scenario.js";
import { scenarioDefinition, scenarioHover } from "./scenario-navigation.js";
import { analysisFailed, describeThrown, guardedAnalysis, guardedScenario } from "./guard.js";

/** Milliseconds of quiet typing before a changed file is checked again. */
const DEBOUNCE_MS = 50;

/** Told when the analysis of a document starts (its uri) and ends (null): the supervisor times it. */
export type AnalysisWatcher = (uri: string | null) => void;

export function startServer(connection: Connection = createConnection(ProposedFeatures.all), watch: AnalysisWatcher = () => {}): void {
  const documents = new TextDocuments(TextDocument);
  const analyses = new Map<string, Analysis>();
  /** The last analysis whose names the checker resolved: completion uses it while a file is broken. */
  const lastChecked = new Map<string, Analysis>();
  const timers = new Map<string, NodeJS.Timeout>();

  const scenarios = new Map<string, ScenarioAnalysis>();
  const isScenario = (uri: string) => uri.endsWith(".scenario");
  const scenarioOf = (uri: string): ScenarioAnalysis | undefined => {
    const document = documents.get(uri);
    if (!document || !isScenario(uri)) return undefined;
    let analysis = scenarios.get(uri);
    if (analysis?.text !== document.getText()) {
      const file = fileOf(document);
      const text = document.getText();
      watch(uri);
      analysis = guardedScenario(file, text, () => analyseScenario(file, text));
      watch(null);
      scenarios.set(uri, analysis);
    }
    return analysis;
  };

  const analysisOf = (uri: string): Analysis | undefined => {
    const document = documents.get(uri);
    if (!document || isScenario(uri)) return undefined;
    let analysis = analyses.get(uri);
    if (analysis?.text !== document.getText()) {
      watch(uri);
      analysis = guardedAnalysis(fileOf(document), document.getText(), () => analyseDocument(document));
      watch(null);
      analyses.set(uri, analysis);
      if (analysis.checked) lastChecked.set(uri, analysis);
    }
    return analysis;
  };

  const publish = (uri: string) => {
    const version = documents.get(uri)?.version;
    const scenario = scenarioOf(uri);
    if (scenario) {
      // Running the scenarios waits for the game to compile (seconds the first time): what a
      // later version of the file says replaces it, so a stale answer is dropped.
      void scenarioDiagnostics(scenario)
        .catch((thrown: unknown) => [analysisFailed(scenario.file, describeThrown(thrown))])
        .then((diagnostics) => {
          if (documents.get(uri)?.version !== version) return;
          void connection.sendDiagnostics({ uri, version, diagnostics: diagnostics.map(toLsp) });
        });
      return;
    }
    const analysis = analysisOf(uri);
    if (!analysis) return;
    void connection.sendDiagnostics({ uri, version, diagnostics: analysis.diagnostics.map(toLsp) });
  };

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      renameProvider: { prepareProvider: false },
      completionProvider: { triggerCharacters: [".", "["] },
      documentSymbolProvider: true,
      documentFormattingProvider: true,
    },
    serverInfo: { name: "rules-language-server" },
  }));

  documents.onDidOpen((e) => publish(e.document.uri));
  documents.onDidChangeContent((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.set(e.document.uri, setTimeout(() => publish(e.document.uri), DEBOUNCE_MS));
  });
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    analyses.delete(e.document.uri);
    scenarios.delete(e.document.uri);
    lastChecked.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover((p) => {
    const scenario = scenarioOf(p.textDocument.uri);
    if (scenario) return scenarioHover(scenario, p.position);
    return withAnalysis(p.textDocument.uri, (a) => hover(a, p.position));
  });
  connection.onDefinition((p) => {
    const scenario = scenarioOf(p.textDocument.uri);
    if (scenario) return scenarioDefinition(scenario, p.position);
    return withAnalysis(p.textDocument.uri, (a) => definition(a, p.textDocument.uri, p.position));
  });
  // A zone's or variable's places in the game's scenario files too (scenario-references.ts).
  connection.onReferences((p) => withAnalysis(p.textDocument.uri, (a) => referencesWithScenarios(a, p.textDocument.uri, p.position, p.context.includeDeclaration)));
  connection.onRenameRequest((p) => withAnalysis(p.textDocument.uri, (a) => renameWithScenarios(a, p.textDocument.uri, p.position, p.newName)));
  connection.onCompletion((p) => {
    const scenario = scenarioOf(p.textDocument.uri);
    if (scenario) return scenarioCompletions(scenario, p.position);
    return withAnalysis(p.textDocument.uri, (a) => completions(a, lastChecked.get(p.textDocument.uri) ?? a, p.position));
  });
  connection.onDocumentSymbol((p) => scenarioOf(p.textDocument.uri)?.symbols ?? withAnalysis(p.textDocument.uri, (a) => documentSymbols(a)));
  connection.onDocumentFormatting((p) => {
    const scenario = scenarioOf(p.textDocument.uri);
    if (scenario) return scenarioFormatting(scenario);
    return withAnalysis(p.textDocument.uri, (a) => formatting(a));
  });

  function withAnalysis<T>(uri: string, answer: (analysis: Analysis) => T): T | null {
    const analysis = analysisOf(uri);
    return analysis ? answer(analysis) : null;
  }

  documents.listen(connection);
  connection.listen();
}

const fileOf = (document: TextDocument): string => (document.uri.startsWith("file:") ? fileURLToPath(document.uri) : document.uri);

function analyseDocument(document: TextDocument): Analysis {
  const file = fileOf(document);
  const id = path.basename(file).replace(/\.rules$/, "");
  return analyse(id, file, document.getText());
}

function toLsp(d: import("@rules/compiler").Diagnostic): LspDiagnostic {
  return {
    range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } },
    severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: "rules",
    message: d.message,
  };
}

/** An AST range (1-based, inclusive end) as an LSP range (0-based, exclusive end). */
export function lspRange(range: A.SourceRange): Range {
  return {
    start: { line: range.start.line - 1, character: range.start.column - 1 },
    end: { line: range.end.line - 1, character: range.end.column },
  };
}
