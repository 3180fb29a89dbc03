// eslint over the report's script parts (src/export/html/report/js) and these tests. The config
// is here rather than in an eslint.config.* because the tools live in build/npm, which a
// config file's imports would not find.
//
// usage: node tests/js/lint.mjs [NODE_MODULES]
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const modules = process.argv[2] || path.join(root, "build/npm/node_modules");
if (!existsSync(path.join(modules, "eslint"))) {
  console.log("no eslint in " + modules + " (scripts/lib/common.sh: paa_install_npm_tools): skipped");
  process.exit(77);
}
const load = (name, file) => import(pathToFileURL(path.join(modules, name, file)).href);
const { ESLint } = await load("eslint", "lib/api.js");
const js = (await load("@eslint/js", "src/index.js")).default;

const rules = {
  ...js.configs.recommended.rules,
  // A part's top-level names are read by the other parts (tsc checks every name is declared).
  "no-undef": "off",
  "no-unused-vars": ["error", { vars: "local", args: "none" }],
  eqeqeq: ["error", "always"],
  "no-var": "error",
  "prefer-const": "error",
  curly: ["error", "multi-line"],
};
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ["src/export/html/report/js/**/*.js"], languageOptions: { ecmaVersion: 2022, sourceType: "script" }, rules },
    { files: ["tests/js/**/*.mjs"], languageOptions: { ecmaVersion: 2022, sourceType: "module" },
      rules: { ...rules, "no-undef": "off" } },
  ],
});
const results = await eslint.lintFiles(["src/export/html/report/js/**/*.js", "tests/js/**/*.mjs"]);
const text = (await eslint.loadFormatter("stylish")).format(results);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
if (text) console.log(text);
console.log(`eslint: ${results.length} files, ${problems} problems`);
process.exit(problems ? 1 : 0);
