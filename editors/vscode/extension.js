// goti's VS Code extension: starts `goti lsp` (the binary of the setting
// goti.server.path) for .goti files. Not run by goti's CI: VS Code's test
// harness downloads VS Code; package.json is checked by tests/editors.rs.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("goti").get("server.path") || "goti";
  client = new LanguageClient(
    "goti",
    "goti",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "goti" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
