-- User commands of the lexls plugin; the work is done lazily in lua/lexls/ask.lua.
if vim.g.loaded_lexls then
  return
end
vim.g.loaded_lexls = true

vim.api.nvim_create_user_command('LexlsAsk', function(args)
  require('lexls.ask').ask(args.args)
end, { nargs = '*', desc = 'lexls: ask a question about the workspace' })

vim.api.nvim_create_user_command('LexlsAskSelection', function(args)
  require('lexls.ask').ask_selection(args.args, args.line1, args.line2)
end, { nargs = '*', range = true, desc = 'lexls: ask a question about the selected text' })

vim.api.nvim_create_user_command('LexlsStatus', function()
  require('lexls.ask').status()
end, { nargs = 0, desc = 'lexls: show the index status' })

vim.api.nvim_create_user_command('LexlsRestart', function()
  require('lexls').restart()
end, { nargs = 0, desc = 'lexls: restart the language server' })
