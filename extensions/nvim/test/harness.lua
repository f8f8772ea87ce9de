--- A minimal test harness for headless Neovim: named tests, assertions, and a closing
--- "N passed, N failed" line; exits non-zero when a test failed.
local H = { passed = 0, failed = 0 }

local function out(text)
  io.stdout:write(text .. '\n')
  io.stdout:flush()
end

---@param name string
---@param fn fun()
function H.test(name, fn)
  local started = vim.uv.hrtime()
  local ok, err = xpcall(fn, debug.traceback)
  local ms = (vim.uv.hrtime() - started) / 1e6
  if ok then
    H.passed = H.passed + 1
    out(('ok %d - %s (%d ms)'):format(H.passed + H.failed, name, ms))
  else
    H.failed = H.failed + 1
    out(('not ok %d - %s (%d ms)\n  %s'):format(H.passed + H.failed, name, ms, tostring(err):gsub('\n', '\n  ')))
  end
end

--- Waits up to `ms` for `cond` to be truthy, running the event loop; fails with `what`.
function H.wait(ms, cond, what)
  if not vim.wait(ms, cond, 20) then
    error('timed out after ' .. ms .. ' ms waiting for ' .. what, 2)
  end
end

function H.eq(actual, expected, what)
  if not vim.deep_equal(actual, expected) then
    error(('%s: expected %s, got %s'):format(what or 'value', vim.inspect(expected), vim.inspect(actual)), 2)
  end
end

--- `text` (a string or a list of lines) contains `needle` (plain).
function H.contains(text, needle, what)
  if type(text) == 'table' then
    text = table.concat(text, '\n')
  end
  if not tostring(text):find(needle, 1, true) then
    error(('%s: %q not found in:\n%s'):format(what or 'text', needle, text), 2)
  end
end

function H.ok(value, what)
  if not value then
    error((what or 'assertion') .. ' failed', 2)
  end
  return value
end

--- The floating windows of the current tab page.
function H.floats()
  local wins = {}
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      table.insert(wins, win)
    end
  end
  return wins
end

function H.buf_text(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
end

function H.close_floats()
  for _, win in ipairs(H.floats()) do
    pcall(vim.api.nvim_win_close, win, true)
  end
end

function H.finish()
  out(('%d passed, %d failed'):format(H.passed, H.failed))
  vim.cmd(H.failed > 0 and 'cquit 1' or 'qall!')
end

return H
