// Loads parts of the report's script (src/export/html/report/js) into a fresh V8 context, as
// the page runs them: plain scripts sharing one scope, after the record schema's constants.
// What a part reads from the parts left out (the page, the loader) comes in `globals`.
// The constants are generated (schema.cmake): from PAA_REPORT_JS_DIR (the build's joined
// scripts, set by ctest), else made here with cmake.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = path.dirname(fileURLToPath(import.meta.url));
const report = path.resolve(here, "../../src/export/html/report");

function fieldsFile() {
  const joined = process.env.PAA_REPORT_JS_DIR;
  if (joined && existsSync(path.join(joined, "fields.js"))) return path.join(joined, "fields.js");
  const out = mkdtempSync(path.join(tmpdir(), "paa-report-js-"));
  execFileSync("cmake", [`-DDIR=${report}`, `-DJS_OUT=${out}`, "-P", path.join(report, "assemble.cmake")]);
  return path.join(out, "fields.js");
}

// parts: ["folder/words", ...]; returns get(name), the value of a top-level name.
export function loadParts(parts, globals = {}) {
  const context = vm.createContext({ TextEncoder, URLSearchParams, console, ...globals });
  const run = (file) => vm.runInContext(readFileSync(file, "utf8"), context, { filename: file });
  run(fieldsFile());
  for (const part of parts) run(path.join(report, "js", part + ".js"));
  // Top-level const and let are not properties of the context: read them by evaluating the name.
  return (name) => vm.runInContext(name, context);
}
