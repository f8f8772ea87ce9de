-- lexls, the language server for statutes and policies, for vim.lsp.config / vim.lsp.enable
-- (Neovim 0.11+). With this directory on 'runtimepath':
--   vim.lsp.enable('lexls')
-- or require('lexls').setup({ ... }) to change the command or the settings.

---@type vim.lsp.Config
return {
  cmd = { 'lexls', 'serve' },
  filetypes = { 'markdown', 'text', 'xml', 'html' },
  root_markers = { '.lexls.toml', '.git' },
  commands = {
    -- The command of the server's "Ask about selection" code action; run by the client.
    ['lexls.askAboutSelection'] = function(command, ctx)
      require('lexls.ask').code_action_command(command, ctx)
    end,
  },
}
