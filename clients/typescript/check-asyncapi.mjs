// The AsyncAPI document through @asyncapi/parser (its own validation and Spectral rules):
// `node check-asyncapi.mjs <asyncapi.json>` prints every diagnostic and fails on an error or
// a warning (information and hints are printed only). Run by .ci/run.
import { readFileSync } from "node:fs";
import { Parser } from "@asyncapi/parser";

const SEVERITY = ["error", "warning", "information", "hint"];
const path = process.argv[2];
const diagnostics = await new Parser().validate(readFileSync(path, "utf8"));
for (const d of diagnostics) {
  console.log(`${SEVERITY[d.severity]} ${d.code} at ${d.path.join(".") || "/"}: ${d.message}`);
}
const failing = diagnostics.filter((d) => d.severity <= 1).length;
console.log(`asyncapi: ${path}: ${diagnostics.length} diagnostics, ${failing} errors or warnings`);
process.exit(failing ? 1 : 0);
