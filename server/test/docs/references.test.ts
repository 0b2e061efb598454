import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const thisFile = "server/test/docs/references.test.ts";

/**
 * Kassa's interface was first written in documents that are not in this repository. Docs, comments,
 * command output and test names must explain themselves (or point at docs/api.md) instead of citing
 * them, since a reader of the repository cannot open them.
 */
const [spec, design, style] = ["spec", "design", "style"].map((name) => name.toUpperCase());
const outsideDocuments = [
  { name: `${spec}`, pattern: `\\b${spec}\\b` },
  { name: `${spec}.md, ${design}.md, ${style}.md`, pattern: `\\b(${spec}|${design}|${style})\\.md\\b` },
  { name: "the spec", pattern: "\\b[Tt]he spec\\b" },
];

/** `file:line: text` of every tracked file's line that matches (git grep: tracked files only). */
function trackedLinesMatching(pattern: string): string[] {
  try {
    const out = execFileSync("git", ["grep", "-n", "-I", "-E", pattern, "--", ".", `:!${thisFile}`], {
      cwd: root,
      encoding: "utf8",
    });
    return out.split("\n").filter(Boolean);
  } catch (error) {
    // git grep exits 1 when nothing matches; anything else (no git, not a checkout) is a real failure.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

describe("references to documents outside the repository", () => {
  it("the check sees tracked files", () => {
    expect(trackedLinesMatching("^# Kassa$")).toEqual(["README.md:1:# Kassa"]);
  });

  for (const { name, pattern } of outsideDocuments) {
    it(`no tracked file cites ${name}`, () => {
      expect(trackedLinesMatching(pattern)).toEqual([]);
    });
  }
});
