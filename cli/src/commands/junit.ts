// `rules test --reporter junit`: the scenario results as JUnit XML, the format CI systems read
// (one testsuite per scenario file, one testcase per scenario, a failure holding its diagnostics).

/** One scenario's result, or a file's problem (unreadable, mistaken, its game not compiling). */
export interface CaseResult {
  readonly name: string;
  /** 1-based line of the `scenario` line; absent for a file's own problem. */
  readonly line?: number;
  readonly passed: boolean;
  /** The first problem in one line, for the failure's `message`. */
  readonly summary: string;
  /** Every problem with its source excerpt: the failure's text. */
  readonly details: string;
  readonly seconds: number;
}

export interface FileResult {
  /** The scenario file as the user named it. */
  readonly file: string;
  readonly cases: readonly CaseResult[];
}

export function junitReport(files: readonly FileResult[]): string {
  const all = files.flatMap((f) => f.cases);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rules test"${counts(all)}>`,
  ];
  for (const { file, cases } of files) {
    lines.push(`  <testsuite name=${attr(file)}${counts(cases)}>`);
    for (const c of cases) {
      const where = ` classname=${attr(file)} name=${attr(c.name)} file=${attr(file)}${c.line ? ` line="${c.line}"` : ""}`;
      const time = ` time="${c.seconds.toFixed(3)}"`;
      if (c.passed) {
        lines.push(`    <testcase${where}${time}/>`);
        continue;
      }
      lines.push(
        `    <testcase${where}${time}>`,
        `      <failure message=${attr(c.summary)} type="scenario">${text(c.details)}</failure>`,
        "    </testcase>",
      );
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}

function counts(cases: readonly CaseResult[]): string {
  const failures = cases.filter((c) => !c.passed).length;
  const seconds = cases.reduce((sum, c) => sum + c.seconds, 0);
  return ` tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds.toFixed(3)}"`;
}

/** A quoted attribute value. */
function attr(value: string): string {
  return `"${text(value).replace(/"/g, "&quot;").replace(/\n/g, "&#10;")}"`;
}

/** Character data: markup escaped, and characters XML 1.0 cannot hold dropped. */
function text(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
