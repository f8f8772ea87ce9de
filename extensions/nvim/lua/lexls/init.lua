--- lexls for Neovim: configures and enables the language server, and holds the options of
--- the ask commands. See :help lexls.
local M = {}

---@class lexls.Options
---@field cmd? string[] the server command (default { 'lexls', 'serve' })
---@field filetypes? string[] (default markdown, text, xml, html)
---@field root_markers? string[] (default .lexls.toml, .git)
---@field settings? table the sections and keys of .lexls.toml, sent (keys in camelCase) as
---  initializationOptions and as the `lexls` section of workspace/configuration, e.g.
---  { diagnostics = { unresolved = 'error', unresolved_outside = 'hint' } }
---@field capabilities? lsp.ClientCapabilities
---@field on_attach? fun(client: vim.lsp.Client, bufnr: integer)
---@field enable? boolean call vim.lsp.enable('lexls') (default true)
---@field ask? lexls.AskOptions

---@class lexls.AskOptions
---@field default_question string proposed by :LexlsAskSelection and the code action
---@field border string|string[] border of the answer window
---@field max_width integer
---@field open_quickfix boolean open the quickfix window after an answer

---@type { ask: lexls.AskOptions }
M.options = {
  ask = {
    default_question = 'What does this require, and which provisions govern it?',
    border = 'rounded',
    max_width = 100,
    open_quickfix = false,
  },
}

--- The camelCase wire name of a key (`unresolved_outside` → `unresolvedOutside`); a
--- camelCase key is itself.
---@param key string
---@return string
function M.wire_key(key)
  return (key:gsub('_(%l)', string.upper))
end

--- `settings` as the server reads them: the same tables with every key in camelCase
--- (docs/lsp-extensions.md); lists and values are kept.
---@param settings table
---@return table
function M.wire_settings(settings)
  local out = {}
  for key, value in pairs(settings) do
    local name = type(key) == 'string' and M.wire_key(key) or key
    out[name] = type(value) == 'table' and M.wire_settings(value) or value
  end
  return out
end

--- The vim.lsp.config table for `opts` (only the keys given).
---@param opts lexls.Options
---@return vim.lsp.Config
function M.lsp_config(opts)
  local config = {}
  for _, key in ipairs({ 'cmd', 'filetypes', 'root_markers', 'capabilities', 'on_attach' }) do
    if opts[key] ~= nil then
      config[key] = opts[key]
    end
  end
  if opts.settings ~= nil then
    local settings = M.wire_settings(opts.settings)
    config.settings = { lexls = settings }
    config.init_options = settings
  end
  return config
end

---@param opts? lexls.Options
function M.setup(opts)
  opts = opts or {}
  vim.validate('opts.cmd', opts.cmd, 'table', true)
  vim.validate('opts.settings', opts.settings, 'table', true)
  vim.validate('opts.ask', opts.ask, 'table', true)
  M.options.ask = vim.tbl_extend('force', M.options.ask, opts.ask or {})
  vim.lsp.config('lexls', M.lsp_config(opts))
  if opts.enable ~= false then
    vim.lsp.enable('lexls')
  end
end

--- :LexlsRestart — stops the lexls clients and starts each again, with the same
--- configuration, on the buffers it was attached to.
function M.restart()
  local previous = {}
  for _, client in ipairs(vim.lsp.get_clients({ name = 'lexls' })) do
    table.insert(previous, { config = client.config, buffers = vim.tbl_keys(client.attached_buffers) })
    client:stop()
  end
  local stopped = vim.wait(5000, function()
    return #vim.lsp.get_clients({ name = 'lexls' }) == 0
  end, 50)
  if not stopped then
    for _, client in ipairs(vim.lsp.get_clients({ name = 'lexls' })) do
      client:stop(true)
    end
  end
  for _, p in ipairs(previous) do
    for _, buf in ipairs(p.buffers) do
      if vim.api.nvim_buf_is_valid(buf) then
        vim.lsp.start(p.config, { bufnr = buf })
      end
    end
  end
end

return M
