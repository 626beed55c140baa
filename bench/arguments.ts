// What the bench commands share in reading their arguments: a refusal that prints the reason and the
// command's usage and exits 2, and a number option checked against a rule.

export type Refusal = (message: string) => never;

/** The command's refusal: the reason, then its usage, on stderr; exit status 2. */
export function refusal(usage: string): Refusal {
  return (message) => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
}

/** `--name text` as a number meeting `valid`, or the refusal "--name text is not valid". */
export function numberOption(refuse: Refusal, name: string, text: string, valid: (x: number) => boolean): number {
  const x = Number(text);
  if (text.trim() === "" || !valid(x)) refuse(`--${name} ${text} is not valid`);
  return x;
}
