-- goti scenario files in Neovim: `goti lsp` attached, completion on
-- <C-x><C-o>, the usual keys for hover, definition and code actions,
-- inlay hints where Neovim has them (0.10 and later). Works on 0.7.
-- Put editors/nvim on the runtimepath (one line in init.lua; see the guide).
if vim.b.did_goti_ftplugin then
  return
end
vim.b.did_goti_ftplugin = true

vim.bo.commentstring = "# %s"
vim.bo.comments = ":#"

-- The server command: g:goti_cmd (a list) or `goti lsp` on the PATH.
local cmd = vim.g.goti_cmd or { "goti", "lsp" }
local root = vim.fs and vim.fs.dirname and vim.fs.find and vim.fs.dirname(vim.fs.find({ "goti.yaml", ".git" }, { upward = true })[1] or "")
if root == nil or root == "" or root == "." then
  root = vim.fn.getcwd()
end

local buf = vim.api.nvim_get_current_buf()
local client_id
if vim.lsp.start then
  -- 0.8 and later: one client per root, reused.
  client_id = vim.lsp.start({ name = "goti", cmd = cmd, root_dir = root })
else
  -- 0.7: one client for the session, attached to each goti buffer.
  vim.g.goti_client_id = vim.g.goti_client_id
    or vim.lsp.start_client({ name = "goti", cmd = cmd, root_dir = root })
  client_id = vim.g.goti_client_id
  vim.lsp.buf_attach_client(buf, client_id)
end

-- <C-x><C-o> asks the server.
vim.bo.omnifunc = "v:lua.vim.lsp.omnifunc"

local function map(lhs, rhs, desc)
  vim.keymap.set("n", lhs, rhs, { buffer = buf, silent = true, desc = desc })
end
map("K", vim.lsp.buf.hover, "goti: hover (a rule's clause, a piece's place)")
map("gd", vim.lsp.buf.definition, "goti: go to the rule's clause in the rulebook")
map("<leader>ca", vim.lsp.buf.code_action, "goti: code action (expect what happened)")
map("<leader>f", function()
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ async = false })
  else
    vim.lsp.buf.formatting_sync()
  end
end, "goti: lay the file out as goti fmt does")
map("]d", vim.diagnostic.goto_next, "goti: next diagnostic")
map("[d", vim.diagnostic.goto_prev, "goti: previous diagnostic")

-- Inlay hints (what each action did) where Neovim has them: 0.10 and later.
if vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then
  pcall(vim.lsp.inlay_hint.enable, true, { bufnr = buf })
end
