--- :LexlsAsk, :LexlsAskSelection, :LexlsStatus and the `lexls.askAboutSelection` command of
--- the server's code action: send `lexls/ask`, show the answer in a floating window
--- (Markdown) and put the citations' locations in the quickfix list.
local render = require('lexls.render')

local M = {}

--- The last answer shown: { question, result, lines, buf, win }.
M.last = nil

local function options()
  return require('lexls').options.ask
end

local function notify(msg, level)
  vim.notify('lexls: ' .. msg, level or vim.log.levels.INFO)
end

--- The lexls client of `bufnr` (else any running lexls client).
---@param bufnr? integer
---@return vim.lsp.Client?
function M.client(bufnr)
  return vim.lsp.get_clients({ name = 'lexls', bufnr = bufnr or 0 })[1]
    or vim.lsp.get_clients({ name = 'lexls' })[1]
end

local function no_client()
  notify(
    'no lexls language server is running: open a statute or policy file (see :checkhealth lexls)',
    vim.log.levels.ERROR
  )
end

local function close_float()
  if M.last and M.last.win and vim.api.nvim_win_is_valid(M.last.win) then
    vim.api.nvim_win_close(M.last.win, true)
  end
end

--- Rows `lines` take in a window `width` columns wide, with 'wrap'.
local function wrapped_height(lines, width)
  local rows = 0
  for _, line in ipairs(lines) do
    rows = rows + math.max(1, math.ceil(vim.fn.strdisplaywidth(line) / width))
  end
  return rows
end

--- Opens (or replaces) the answer window, centered, Markdown, `q` to close.
---@param lines string[]
---@return integer buf, integer win
function M.open_float(lines)
  close_float()
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = 'markdown'
  local width = math.min(options().max_width, vim.o.columns - 6)
  local longest = 0
  for _, line in ipairs(lines) do
    longest = math.max(longest, vim.fn.strdisplaywidth(line))
  end
  width = math.max(20, math.min(width, longest + 2))
  local height = math.max(1, math.min(wrapped_height(lines, width), vim.o.lines - 6))
  local win = vim.api.nvim_open_win(buf, true, {
    relative = 'editor',
    row = math.floor((vim.o.lines - height) / 2) - 1,
    col = math.floor((vim.o.columns - width) / 2),
    width = width,
    height = height,
    style = 'minimal',
    border = options().border,
    title = ' lexls ',
    title_pos = 'center',
  })
  vim.wo[win].wrap = true
  vim.wo[win].linebreak = true
  vim.wo[win].conceallevel = 2
  for _, key in ipairs({ 'q', '<Esc>' }) do
    vim.keymap.set('n', key, '<Cmd>close<CR>', { buffer = buf, nowait = true, desc = 'lexls: close the answer' })
  end
  return buf, win
end

--- Shows a result: the float and the quickfix list.
---@param client vim.lsp.Client
---@param question string
---@param result table
---@param context? string
function M.show(client, question, result, context)
  local lines = render.lines(question, result, context)
  local items = render.quickfix_items(result, client.offset_encoding)
  vim.fn.setqflist({}, ' ', { title = 'lexls: ' .. question, items = items })
  local buf, win = M.open_float(lines)
  M.last = { question = question, result = result, lines = lines, buf = buf, win = win }
  if options().open_quickfix and #items > 0 then
    vim.cmd('botright copen')
    vim.api.nvim_set_current_win(win)
  end
end

--- Sends `lexls/ask` with `params` and shows the answer.
---@param client vim.lsp.Client
---@param params { question: string, textDocument?: table, range?: table }
---@param context? string
---@param bufnr? integer
function M.request(client, params, context, bufnr)
  vim.api.nvim_echo({ { 'lexls: answering…', 'Comment' } }, false, {})
  client:request('lexls/ask', params, function(err, result)
    vim.api.nvim_echo({ { '' } }, false, {})
    if err then
      notify('the question could not be answered: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    M.show(client, params.question, result, context)
  end, bufnr)
end

--- :LexlsAsk {question}: a question about the whole workspace (prompted when empty).
---@param question? string
function M.ask(question)
  local client = M.client()
  if not client then
    return no_client()
  end
  local function go(q)
    q = q and vim.trim(q) or ''
    if q ~= '' then
      M.request(client, { question = q })
    end
  end
  if question and vim.trim(question) ~= '' then
    return go(question)
  end
  vim.ui.input({ prompt = 'lexls question: ' }, go)
end

--- Asks `question` (prompted, with the default proposed, when nil or empty) about a
--- selection, then sends it.
local function ask_about(client, question, selection, bufnr)
  local function go(q)
    if q == nil then
      return -- cancelled
    end
    q = vim.trim(q)
    if q == '' then
      q = options().default_question
    end
    M.request(client, {
      question = q,
      textDocument = selection.textDocument,
      range = selection.range,
    }, selection.text, bufnr)
  end
  if question and vim.trim(question) ~= '' then
    return go(question)
  end
  vim.ui.input({ prompt = 'lexls question about the selection: ', default = options().default_question }, go)
end

--- The LSP range and text of lines line1..line2 of the current buffer: the last visual
--- selection when it is charwise on those lines, else the whole lines.
---@param client vim.lsp.Client
---@param line1 integer
---@param line2 integer
function M.selection(client, line1, line2)
  local bufnr = vim.api.nvim_get_current_buf()
  local enc = client.offset_encoding
  local s = vim.api.nvim_buf_get_mark(bufnr, '<')
  local e = vim.api.nvim_buf_get_mark(bufnr, '>')
  local params, text
  if vim.fn.visualmode() == 'v' and s[1] == line1 and e[1] == line2 then
    params = vim.lsp.util.make_given_range_params(s, e, bufnr, enc)
    -- '> is the byte of the last selected character: include all of that character.
    local first = vim.api.nvim_buf_get_lines(bufnr, s[1] - 1, s[1], false)[1] or ''
    local last = vim.api.nvim_buf_get_lines(bufnr, e[1] - 1, e[1], false)[1] or ''
    local last_char = vim.fn.strcharpart(last:sub(e[2] + 1), 0, 1)
    local start_col = math.min(s[2], #first)
    local end_col = math.min(#last, e[2] + #last_char)
    text = table.concat(vim.api.nvim_buf_get_text(bufnr, s[1] - 1, start_col, e[1] - 1, end_col, {}), '\n')
  else
    local lines = vim.api.nvim_buf_get_lines(bufnr, line1 - 1, line2, false)
    local last = lines[#lines] or ''
    params = {
      textDocument = vim.lsp.util.make_text_document_params(bufnr),
      range = {
        start = { line = line1 - 1, character = 0 },
        ['end'] = { line = line2 - 1, character = vim.str_utfindex(last, enc) },
      },
    }
    text = table.concat(lines, '\n')
  end
  return { textDocument = params.textDocument, range = params.range, text = text }
end

--- :'<,'>LexlsAskSelection {question}
---@param question? string
---@param line1 integer
---@param line2 integer
function M.ask_selection(question, line1, line2)
  local client = M.client()
  if not client then
    return no_client()
  end
  ask_about(client, question, M.selection(client, line1, line2), vim.api.nvim_get_current_buf())
end

--- The client-side handler of `lexls.askAboutSelection`, whose one argument is
--- `{ text, textDocument = { uri }, range }` (see docs/lsp-extensions.md).
---@param command lsp.Command
---@param ctx { client_id: integer, bufnr: integer }
function M.code_action_command(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local arg = command.arguments and command.arguments[1]
  if not client or type(arg) ~= 'table' or not arg.textDocument or not arg.range then
    return notify('lexls.askAboutSelection needs { textDocument, range }', vim.log.levels.ERROR)
  end
  ask_about(client, nil, { textDocument = arg.textDocument, range = arg.range, text = arg.text }, ctx.bufnr)
end

--- :LexlsStatus
function M.status()
  local client = M.client()
  if not client then
    return no_client()
  end
  client:request('lexls/status', nil, function(err, s)
    if err then
      return notify('cannot read the index status: ' .. err.message, vim.log.levels.ERROR)
    end
    local model = s.model and s.model.loaded and 'loaded'
      or ('not loaded (' .. tostring(s.model and s.model.reason or '?') .. ')')
    local lines = {
      ('lexls %s%s: %d documents, %d provisions, %d citations (%d unresolved, %d external)'):format(
        s.version or '?',
        s.ready and '' or ' (indexing…)',
        s.documents or 0,
        s.provisions or 0,
        s.citations or 0,
        s.unresolved or 0,
        s.external or 0
      ),
      'workspace: ' .. tostring(s.root),
      'index: ' .. tostring(s.indexDir),
      ('embeddings: %d/%d passages; model %s'):format(
        s.embedding and s.embedding.done or 0,
        s.embedding and s.embedding.total or 0,
        model
      ),
      'LLM: ' .. ((s.llm and s.llm.configured) and 'configured' or 'not configured (extractive answers)'),
    }
    notify(table.concat(lines, '\n'))
  end)
end

return M
