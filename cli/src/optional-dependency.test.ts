import { describe, expect, it } from "vitest";
import { importOptional, MissingDependency } from "./optional-dependency.js";

describe("importOptional", () => {
  it("tells a missing optional package as the command that installs it, at the version the CLI pins", async () => {
    const error = await importOptional(() => import("vega-lite-not-installed" as string), ["vega", "vega-lite-not-installed"], "a balance report's plots").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MissingDependency);
    expect((error as Error).message).toBe(
      "a balance report's plots needs vega and vega-lite-not-installed (optional dependencies of @rules/cli), and " +
        "vega-lite-not-installed is not installed here: run `npm install vega@6.4.0 vega-lite-not-installed@latest`",
    );
  });

  it("passes on any other failure as it is", async () => {
    const broken = new Error("the module threw while loading");
    await expect(importOptional(() => Promise.reject(broken), ["vega"], "plots")).rejects.toBe(broken);
  });

  it("gives the module when it is installed", async () => {
    const module = await importOptional(() => import("piscina"), ["piscina"], "threads");
    expect(typeof module.Piscina).toBe("function");
  });
});
