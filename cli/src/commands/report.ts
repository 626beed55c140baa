// Layout for summaries: aligned tables on stdout and a progress bar on a terminal's stderr.

/** Rows under a header, each column padded to its widest cell; numbers-looking cells align right. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? "").length)));
  const numeric = header.map(
    (_, column) => rows.length > 0 && rows.every((row) => /^[-\d.,%]+$/.test(row[column] ?? "")),
  );
  return all.map((row) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd(),
  );
}

const BAR_WIDTH = 30;

/** Returns a function that redraws `[#####·····] done/total unit` when the shown percentage changes. */
export function progressBar(status: (text: string) => void, total: number, unit: string): (done: number) => void {
  let shown = -1;
  return (done) => {
    const percent = Math.floor((done / total) * 100);
    if (percent === shown) return;
    shown = percent;
    const filled = Math.round((done / total) * BAR_WIDTH);
    status(`[${"#".repeat(filled)}${"·".repeat(BAR_WIDTH - filled)}] ${done}/${total} ${unit}`);
  };
}
