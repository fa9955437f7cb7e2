-- Headless Neovim (0.7, Debian's) as goti lsp's real client, set up by
-- the guide's one line (editors/nvim on the runtimepath) as its init
-- file: wait for the diagnostics, ask a hover on the word at
-- GOTI_HOVER_LINE/GOTI_HOVER_COL and the completions after `illegal(` on
-- line GOTI_COMPLETE_LINE, read the buffer's file type, omnifunc and keys,
-- and write what came back as JSON to GOTI_OUT. Run by tests/neovim.rs.
local out = os.getenv("GOTI_OUT")
local hover_line = tonumber(os.getenv("GOTI_HOVER_LINE"))
local hover_col = tonumber(os.getenv("GOTI_HOVER_COL"))

local function finish(result)
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end

-- The client comes from the guide's snippet (the init file).
local attached = vim.wait(10000, function()
  return next(vim.lsp.buf_get_clients(0)) ~= nil
end, 20)
if not attached then
  finish({ error = "the plugin attached no client" })
  return
end

local got = vim.wait(15000, function()
  return #vim.diagnostic.get(0) > 0
end, 50)
local diags = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(diags, { lnum = d.lnum, col = d.col, code = d.code, message = d.message })
end

local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = hover_line, character = hover_col },
}
local answers = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 10000) or {}
local hover = nil
for _, a in pairs(answers) do
  if a.result and a.result.contents then
    hover = a.result.contents.value
  end
end
-- Completion, as <C-x><C-o> asks it (vim.lsp.omnifunc sends this request).
local complete_line = tonumber(os.getenv("GOTI_COMPLETE_LINE"))
local line_text = vim.api.nvim_buf_get_lines(0, complete_line, complete_line + 1, false)[1] or ""
local col = (line_text:find("illegal%(") or 0) + #"illegal("
local cparams = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = complete_line, character = col - 1 },
}
local canswers = vim.lsp.buf_request_sync(0, "textDocument/completion", cparams, 10000) or {}
local labels = {}
for _, a in pairs(canswers) do
  local items = a.result and (a.result.items or a.result) or {}
  for _, item in ipairs(items) do
    table.insert(labels, item.label)
  end
end

finish({
  waited = got,
  diagnostics = diags,
  hover = hover,
  filetype = vim.bo.filetype,
  syntax = vim.b.current_syntax,
  omnifunc = vim.bo.omnifunc,
  keys = {
    K = vim.fn.mapcheck("K", "n") ~= "",
    gd = vim.fn.mapcheck("gd", "n") ~= "",
  },
  completions = labels,
})
