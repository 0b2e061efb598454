import { Command } from "commander";
import { configVariables } from "../config/index.js";
import { printTable } from "./output.js";
import { jsonOption, runPlain } from "./runner.js";

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** docs/configuration.md: written by `npm run docs:config`, checked by a test, never edited by hand. */
export function renderConfigMarkdown(): string {
  const rows = configVariables().map(
    (variable) =>
      `| \`${variable.name}\` | ${variable.defaultValue === undefined ? "" : `\`${cell(variable.defaultValue)}\``} | ${cell(variable.description)} |`,
  );
  return [
    "<!-- Generated from server/src/config/ by `npm run docs:config`: do not edit by hand. -->",
    "",
    "# Configuration reference",
    "",
    "Kassa reads its configuration from environment variables, once, when a process starts; a bad value",
    "stops the start with a message that names the variable. Values marked secret never appear in logs or",
    "errors. `kassa config` prints this table for the version you run.",
    "",
    "| variable | default | meaning |",
    "| --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/** `kassa config`: every environment variable, its default and meaning. */
export function configCommand(): Command {
  return jsonOption(
    new Command("config")
      .description("list the environment variables Kassa reads, with defaults")
      .option("--markdown", "print docs/configuration.md", false),
  ).action((opts: { json: boolean; markdown: boolean }) =>
    runPlain(opts.json, async (out) => {
      if (opts.markdown) {
        process.stdout.write(renderConfigMarkdown());
        return;
      }
      out.result(configVariables(), (variables) =>
        printTable(variables, [
          ["VARIABLE", (v) => v.name],
          ["DEFAULT", (v) => v.defaultValue],
          ["MEANING", (v) => v.description],
        ]),
      );
    }),
  );
}
