-- Headless Neovim driving the real `lexls serve` on the example workspace (examples/nyc-ll144):
-- hover, go to definition, diagnostics, :LexlsAsk, :'<,'>LexlsAskSelection, the code action's
-- command, :checkhealth lexls. Run by test/run.sh (LEXLS_BIN, REPO set there).
local H = dofile(vim.env.LEXLS_NVIM_TEST_DIR .. '/harness.lua')
local test, wait, eq, contains, ok = H.test, H.wait, H.eq, H.contains, H.ok

local repo = assert(vim.env.REPO, 'REPO')
local bin = assert(vim.env.LEXLS_BIN, 'LEXLS_BIN')
local workspace = repo .. '/examples/nyc-ll144'
local policy = workspace .. '/policy/acme-aedt-hiring-policy.md'
local statute = workspace .. '/statute/nyc-admin-code-20-871.md'
local QUESTION = 'How many business days before using an AEDT must a candidate be notified?'

local ask = require('lexls.ask')
local render = require('lexls.render')

--- 1-based row and 0-based byte column of `needle` in buffer `buf`.
local function find(buf, needle)
  for row, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(needle, 1, true)
    if col then
      return row, col - 1
    end
  end
  error(needle .. ' not in buffer ' .. vim.api.nvim_buf_get_name(buf))
end

--- The 1-based line of `needle` in the file at `path`.
local function line_in_file(path, needle)
  for i, line in ipairs(vim.fn.readfile(path)) do
    if line:find(needle, 1, true) then
      return i
    end
  end
  error(needle .. ' not in ' .. path)
end

--- Records what the ask commands send.
local sent = {}
local request = ask.request
ask.request = function(client, params, context, bufnr)
  table.insert(sent, { params = params, context = context })
  return request(client, params, context, bufnr)
end

--- Waits for a new answer window and returns its text.
local function wait_answer(previous)
  wait(30000, function()
    return ask.last ~= nil and ask.last ~= previous and vim.api.nvim_win_is_valid(ask.last.win)
  end, 'the answer window')
  return H.buf_text(ask.last.buf)
end

local client, policy_buf

test('setup() enables lexls, which attaches to the policy and indexes the workspace', function()
  require('lexls').setup({
    cmd = { bin, 'serve' },
    settings = { diagnostics = { external = 'hint', unresolved_outside = 'hint' } },
  })
  vim.cmd.edit(policy)
  policy_buf = vim.api.nvim_get_current_buf()
  eq(vim.bo.filetype, 'markdown', 'filetype')
  wait(20000, function()
    client = vim.lsp.get_clients({ name = 'lexls', bufnr = policy_buf })[1]
    return client ~= nil and client.initialized
  end, 'the lexls client')
  eq(client.root_dir, workspace, 'root (from .lexls.toml)')
  local wire = { diagnostics = { external = 'hint', unresolvedOutside = 'hint' } }
  eq(client.config.init_options, wire, 'init_options')
  eq(client.settings, { lexls = wire }, 'settings')
  wait(60000, function()
    local r = client:request_sync('lexls/status', nil, 5000)
    return r and r.result and r.result.ready
  end, 'lexls/status ready')
end)

test('hover on § 20-871(b) shows the cited provision', function()
  local row, col = find(policy_buf, '§ 20-871(b) no less')
  vim.api.nvim_win_set_cursor(0, { row, col + 3 })
  vim.lsp.buf.hover()
  local text
  wait(10000, function()
    for _, win in ipairs(H.floats()) do
      text = H.buf_text(vim.api.nvim_win_get_buf(win))
      if text:find('20-871', 1, true) then
        return true
      end
    end
  end, 'the hover window')
  contains(text, 'NYC Admin. Code § 20-871(b)', 'hover')
  contains(text, 'ten business days', 'hover')
  H.close_floats()
end)

test('go to definition opens § 20-871(b) in the statute', function()
  local row, col = find(policy_buf, '§ 20-871(b) no less')
  vim.api.nvim_win_set_cursor(0, { row, col + 3 })
  vim.lsp.buf.definition()
  wait(10000, function()
    return vim.api.nvim_buf_get_name(0) == statute
  end, 'the statute buffer')
  eq(vim.api.nvim_win_get_cursor(0)[1], line_in_file(statute, 'b. Notices required'), 'cursor line')
  vim.cmd.buffer(policy_buf)
end)

test('the unresolved § 20-875 has a diagnostic', function()
  local found
  wait(10000, function()
    for _, d in ipairs(vim.diagnostic.get(policy_buf)) do
      if d.code == 'unresolved-citation' and d.message:find('20-875', 1, true) then
        found = d
      end
    end
    return found
  end, 'an unresolved-citation diagnostic')
  eq(found.source, 'lexls', 'source')
  eq(found.lnum + 1, select(1, find(policy_buf, '§ 20-875')), 'line')
end)

test(':LexlsAsk fills the answer float and the quickfix list', function()
  -- The answer depends on dense retrieval: ask once every passage is embedded (or no model).
  wait(120000, function()
    local r = client:request_sync('lexls/status', nil, 5000)
    local s = r and r.result
    return s and s.ready and (not s.model.loaded or s.embedding.done == s.embedding.total)
  end, 'every passage embedded')
  vim.cmd('LexlsAsk ' .. QUESTION)
  local text = wait_answer(nil)
  eq(sent[#sent].params, { question = QUESTION }, 'request')
  contains(text, '# ' .. QUESTION, 'float')
  contains(text, 'business days', 'float')
  contains(text, 'NYC Admin. Code § 20-871(b)(1)', 'float')
  contains(text, '## Sources', 'float')
  contains(text, 'NYC Admin. Code § 20-871 — Requirements for automated employment decision tools · *statute* · authority 1.0', 'float')
  eq(vim.bo[ask.last.buf].filetype, 'markdown', 'float filetype')
  eq(vim.api.nvim_get_current_win(), ask.last.win, 'the float has the focus')

  local qf = vim.fn.getqflist({ title = 1, items = 1 })
  eq(qf.title, 'lexls: ' .. QUESTION, 'quickfix title')
  local hit
  for _, item in ipairs(qf.items) do
    if item.text == 'cited: NYC Admin. Code § 20-871(b)(1)' then
      hit = item
    end
  end
  ok(hit, 'a quickfix entry for § 20-871(b)(1): ' .. vim.inspect(qf.items))
  eq(vim.api.nvim_buf_get_name(hit.bufnr), statute, 'quickfix file')
  -- The location of (b)(1) is its label, the paragraph that opens with "1.".
  eq(hit.lnum, line_in_file(statute, '1. That an automated employment decision tool'), 'quickfix line')
  vim.cmd('normal q')
  ok(not vim.api.nvim_win_is_valid(ask.last.win), 'q closes the float')
end)

test(":'<,'>LexlsAskSelection sends the charwise selection as UTF-16 range and context", function()
  vim.cmd.buffer(policy_buf)
  local selected = '§ 20-871(b) no less than ten business days'
  local row, col = find(policy_buf, selected)
  vim.api.nvim_win_set_cursor(0, { row, col })
  vim.cmd('normal! v' .. (vim.fn.strchars(selected) - 1) .. 'l\27')
  local previous = ask.last
  vim.cmd("'<,'>LexlsAskSelection Is ten business days enough notice?")
  local text = wait_answer(previous)
  local line = vim.api.nvim_buf_get_lines(policy_buf, row - 1, row, false)[1]
  local start = vim.str_utfindex(line, 'utf-16', col)
  eq(sent[#sent].params, {
    question = 'Is ten business days enough notice?',
    textDocument = { uri = vim.uri_from_fname(policy) },
    range = {
      start = { line = row - 1, character = start },
      ['end'] = { line = row - 1, character = start + vim.fn.strchars(selected) },
    },
  }, 'request')
  eq(sent[#sent].context, selected, 'context')
  contains(text, '> ' .. selected, 'the float quotes the selection')
  contains(text, '20-871', 'float')
  H.close_floats()
end)

test('the code action "Ask about selection" runs lexls.askAboutSelection in the client', function()
  vim.cmd.buffer(policy_buf)
  local row = find(policy_buf, '(a) Every candidate or employee')
  local range = { start = { line = row - 1, character = 0 }, ['end'] = { line = row, character = 20 } }
  local r = client:request_sync('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_fname(policy) },
    range = range,
    context = { diagnostics = {} },
  }, 10000, policy_buf)
  local action
  for _, a in ipairs(r.result or {}) do
    if a.command and a.command.command == 'lexls.askAboutSelection' then
      action = a
    end
  end
  ok(action, 'the code action: ' .. vim.inspect(r))
  local input = vim.ui.input
  local prompted
  vim.ui.input = function(opts, on_confirm)
    prompted = opts
    on_confirm('') -- Enter on an emptied prompt: the default question
  end
  local previous = ask.last
  client:exec_cmd(action.command, { bufnr = policy_buf })
  vim.ui.input = input
  local default = require('lexls').options.ask.default_question
  eq(prompted.default, default, 'proposed question')
  local text = wait_answer(previous)
  eq(sent[#sent].params.range, range, 'range')
  contains(text, '# ' .. default, 'float')
  contains(text, '> (a) Every candidate or employee', 'float')
  H.close_floats()
end)

test(':checkhealth lexls finds the binary and its version', function()
  vim.cmd('checkhealth lexls')
  local text = H.buf_text(0)
  contains(text, 'found: ' .. bin, 'health')
  contains(text, 'version: lexls ', 'health')
  contains(text, 'client ' .. client.id .. ': lexls', 'health')
  contains(text, 'LLM endpoint', 'health')
  ok(not text:find('ERROR', 1, true), 'no ERROR in:\n' .. text)
  vim.cmd.bwipeout()
end)

test(':LexlsStatus shows the index counts', function()
  local notify, message = vim.notify, nil
  vim.notify = function(msg)
    message = msg
  end
  vim.cmd('LexlsStatus')
  local seen = vim.wait(10000, function()
    return message ~= nil
  end, 20)
  vim.notify = notify
  ok(seen, 'a status message')
  contains(message, 'lexls: lexls ', 'status')
  contains(message, ' documents, ', 'status')
  contains(message, 'workspace: ' .. workspace, 'status')
end)

test(':LexlsRestart starts a new server that attaches to the open buffers', function()
  local old = client.id
  vim.cmd('LexlsRestart')
  wait(20000, function()
    client = vim.lsp.get_clients({ name = 'lexls', bufnr = policy_buf })[1]
    return client ~= nil and client.id ~= old and client.initialized
  end, 'a new lexls client')
  ok(vim.lsp.get_client_by_id(old) == nil or vim.lsp.get_client_by_id(old):is_stopped(), 'the old client stopped')
  wait(60000, function()
    local r = client:request_sync('lexls/status', nil, 5000)
    return r and r.result and r.result.ready
  end, 'lexls/status ready')
end)

test('render: warnings for unresolved citations, sources with kind and authority', function()
  local lines = render.lines('q?', {
    answer = 'See § 20-875.\n\n**Sources**\n\n1. NYC Admin. Code § 20-871 — x (statute)\n',
    citations = { { text = '§ 20-875', resolved = false, supported = false, location = vim.NIL } },
    sources = { { citation = '6 RCNY § 5-304', heading = 'Notice', kind = 'regulation', authority = 0.9, path = 'rules/5-304.md' } },
    warnings = { 'dense retrieval unavailable' },
  }, 'selected\ntext')
  eq(lines, {
    '# q?',
    '',
    '> selected',
    '> text',
    '',
    '**Warnings**',
    '',
    '- dense retrieval unavailable',
    '- The answer cites § 20-875, which does not resolve in the workspace.',
    '',
    'See § 20-875.',
    '',
    '## Sources',
    '',
    '1. 6 RCNY § 5-304 — Notice · *regulation* · authority 0.9 · `rules/5-304.md`',
  }, 'lines')
end)

test('lsp_config maps setup() options to vim.lsp.config, settings keys in camelCase', function()
  local settings = {
    model = { dir = '/m' },
    llm = { timeout_s = 30 },
    index = { exclude = { 'drafts/**' }, max_file_mb = 5 },
    documents = { { glob = 'policies/**', kind = 'policy' } },
    editor = { inlayHints = true },
  }
  local wire = {
    model = { dir = '/m' },
    llm = { timeoutS = 30 },
    index = { exclude = { 'drafts/**' }, maxFileMb = 5 },
    documents = { { glob = 'policies/**', kind = 'policy' } },
    editor = { inlayHints = true },
  }
  eq(require('lexls').lsp_config({ cmd = { 'x', 'serve' }, settings = settings, ask = {} }), {
    cmd = { 'x', 'serve' },
    settings = { lexls = wire },
    init_options = wire,
  }, 'config')
end)

test('the help file has valid tags', function()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  vim.fn.writefile(vim.fn.readfile(vim.env.LEXLS_NVIM_TEST_DIR .. '/../doc/lexls.txt'), dir .. '/lexls.txt')
  vim.cmd.helptags(dir)
  local tags = table.concat(vim.fn.readfile(dir .. '/tags'), '\n')
  for _, tag in ipairs({ ':LexlsAsk', ':LexlsAskSelection', ':LexlsRestart', 'lexls-health', 'lexls.setup()' }) do
    contains(tags, tag .. '\t', 'tags')
  end
  vim.fn.delete(dir, 'rf')
end)

H.finish()
