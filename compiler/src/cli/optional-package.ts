// Packages only some commands need (`rules serve`: @rules/server; `rules bots`: @rules/client), loaded
// when asked for: the compiler does not depend on them, and without them only those commands fail.

/** Imports `name`, or fails saying how to install it. The specifier is a variable so bundlers and the
 *  packaging test see no static dependency. */
export async function importOptional<T>(name: string, command: string): Promise<T> {
  const specifier = name;
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(name)) {
      throw new Error(`rules ${command} needs ${name}: npm install ${name}`);
    }
    throw error;
  }
}
