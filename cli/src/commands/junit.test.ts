import { describe, expect, it } from "vitest";
import { junitReport } from "./junit.js";

describe("junitReport", () => {
  it("writes one testsuite per file and one testcase per scenario, counting failures at each level", () => {
    const xml = junitReport([
      {
        file: "a.scenario",
        cases: [
          { name: "passes", line: 1, passed: true, summary: "", details: "", seconds: 0.25 },
          { name: "fails", line: 9, passed: false, summary: "a.scenario:12:1: no", details: "a.scenario:12:1: error x: no", seconds: 0.5 },
        ],
      },
      { file: "b.scenario", cases: [{ name: "b.scenario", passed: false, summary: "cannot read it (ENOENT)", details: "cannot read it (ENOENT)", seconds: 0 }] },
    ]);
    expect(xml.split("\n")).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="rules test" tests="3" failures="2" errors="0" skipped="0" time="0.750">',
      '  <testsuite name="a.scenario" tests="2" failures="1" errors="0" skipped="0" time="0.750">',
      '    <testcase classname="a.scenario" name="passes" file="a.scenario" line="1" time="0.250"/>',
      '    <testcase classname="a.scenario" name="fails" file="a.scenario" line="9" time="0.500">',
      '      <failure message="a.scenario:12:1: no" type="scenario">a.scenario:12:1: error x: no</failure>',
      "    </testcase>",
      "  </testsuite>",
      '  <testsuite name="b.scenario" tests="1" failures="1" errors="0" skipped="0" time="0.000">',
      '    <testcase classname="b.scenario" name="b.scenario" file="b.scenario" time="0.000">',
      '      <failure message="cannot read it (ENOENT)" type="scenario">cannot read it (ENOENT)</failure>',
      "    </testcase>",
      "  </testsuite>",
      "</testsuites>",
      "",
    ]);
  });

  it("escapes markup and quotes, keeps newlines in text, and drops characters XML cannot hold", () => {
    const xml = junitReport([
      {
        file: 'a&b "c".scenario',
        cases: [{ name: "<1 & 2>\u0007", passed: false, summary: 'say "x"\nthen y', details: "3 < 4 & 5 > 1\n  ^", seconds: 0 }],
      },
    ]);
    expect(xml).toContain('name="a&amp;b &quot;c&quot;.scenario"');
    expect(xml).toContain('name="&lt;1 &amp; 2&gt;"');
    expect(xml).toContain('<failure message="say &quot;x&quot;&#10;then y" type="scenario">3 &lt; 4 &amp; 5 &gt; 1\n  ^</failure>');
  });
});
