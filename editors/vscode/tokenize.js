// Tokenizes files with goti's TextMate grammar through vscode-textmate
// and vscode-oniguruma (VS Code's own engine), printing one JSON line per
// file: [[line, text, scopes], ...]. Run by tests/editors.rs:
//   node tokenize.js GRAMMAR FILE...
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm"));
const onig = oniguruma.loadWASM(wasm.buffer).then(() => ({
  createOnigScanner: (p) => new oniguruma.OnigScanner(p),
  createOnigString: (s) => new oniguruma.OnigString(s),
}));
const [grammarFile, ...files] = process.argv.slice(2);
const registry = new vsctm.Registry({
  onigLib: onig,
  loadGrammar: async () => vsctm.parseRawGrammar(fs.readFileSync(grammarFile, "utf8"), grammarFile),
});
registry.loadGrammar("source.goti").then((grammar) => {
  for (const file of files) {
    const tokens = [];
    let stack = vsctm.INITIAL;
    fs.readFileSync(file, "utf8").split("\n").forEach((line, i) => {
      const r = grammar.tokenizeLine(line, stack);
      for (const t of r.tokens) {
        tokens.push([i + 1, line.substring(t.startIndex, t.endIndex), t.scopes]);
      }
      stack = r.ruleStack;
    });
    process.stdout.write(JSON.stringify({ file, tokens }) + "\n");
  }
});
