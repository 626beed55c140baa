// Marker lines in a kernel being written: a comment line holding a tag and some JSON, left by the
// statement writer where a later pass has code to put (the running counts of playout-counts.ts and
// playout-held-counts.ts), and replaced by that code once the whole kernel is written.

/** The markers of one pass, told apart from other lines (and other passes' markers) by `tag`. */
export interface MarkerKind<M> {
  /** The marker line for `data`. */
  line(data: M): string;
  /** The data of a marker line of this kind; null for any other line. */
  parse(line: string): M | null;
}

export function markerKind<M>(tag: string): MarkerKind<M> {
  const start = `/*$${tag} `;
  return {
    line: (data) => `${start}${JSON.stringify(data)}*/`,
    parse: (line) => {
      const at = line.indexOf(start);
      if (at < 0 || line.slice(0, at).trim() !== "") return null;
      return JSON.parse(line.slice(at + start.length, line.lastIndexOf("*/"))) as M;
    },
  };
}
