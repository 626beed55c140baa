// In the extension's bundle, `import ts from "typescript"` is the TypeScript that ts-morph bundles, so
// the server carries one compiler, not two.
import { ts } from "ts-morph";
export default ts;
