--- Turns a `lexls/ask` result into the Markdown lines of the answer window and the entries
--- of the quickfix list. No UI here.
local M = {}

--- How much of the selected text the window quotes.
local CONTEXT_CHARS = 400

---@param text string
---@return string[]
local function split(text)
  return vim.split(text, '\n', { plain = true })
end

--- The answer's lines without a trailing plain "**Sources**" list (the window lists the
--- sources itself, with their kind and authority).
---@param answer string
---@return string[]
function M.answer_lines(answer)
  local lines = split(vim.trim(answer))
  for i = #lines, 1, -1 do
    if vim.trim(lines[i]) == '**Sources**' then
      for j = i + 1, #lines do
        if lines[j]:match('%S') and not lines[j]:match('^%s*%d+%.%s') then
          return lines
        end
      end
      local kept = vim.list_slice(lines, 1, i - 1)
      while #kept > 0 and not kept[#kept]:match('%S') do
        table.remove(kept)
      end
      return kept
    end
  end
  return lines
end

--- Warnings of the result, and one for each citation that does not resolve or is not among
--- the sources.
---@param result table
---@return string[]
function M.warnings(result)
  local out = vim.deepcopy(result.warnings or {})
  for _, c in ipairs(result.citations or {}) do
    if not c.resolved then
      table.insert(out, ('The answer cites %s, which does not resolve in the workspace.'):format(c.text))
    elseif not c.supported then
      table.insert(out, ('The answer cites %s, which is not among its sources.'):format(c.text))
    end
  end
  return out
end

---@param value any
local function authority(value)
  return type(value) == 'number' and ('%.1f'):format(value) or '?'
end

--- One line describing a source: citation — heading · kind · authority · path.
---@param s table
---@return string
function M.source_line(s)
  local parts = { s.citation }
  if s.heading and s.heading ~= vim.NIL and s.heading ~= '' then
    parts[1] = parts[1] .. ' — ' .. s.heading
  end
  if s.kind and s.kind ~= vim.NIL then
    table.insert(parts, '*' .. s.kind .. '*')
  end
  table.insert(parts, 'authority ' .. authority(s.authority))
  if s.path and s.path ~= vim.NIL then
    table.insert(parts, '`' .. s.path .. '`')
  end
  return table.concat(parts, ' · ')
end

--- The Markdown lines of the answer window.
---@param question string
---@param result table the lexls/ask result
---@param context? string the selected text the question was about
---@return string[]
function M.lines(question, result, context)
  local lines = { '# ' .. question, '' }
  if context and vim.trim(context) ~= '' then
    local quoted = vim.trim(context)
    if #quoted > CONTEXT_CHARS then
      quoted = quoted:sub(1, CONTEXT_CHARS) .. '…'
    end
    for _, l in ipairs(split(quoted)) do
      table.insert(lines, '> ' .. l)
    end
    table.insert(lines, '')
  end
  local warnings = M.warnings(result)
  if #warnings > 0 then
    table.insert(lines, '**Warnings**')
    table.insert(lines, '')
    for _, w in ipairs(warnings) do
      table.insert(lines, '- ' .. w)
    end
    table.insert(lines, '')
  end
  vim.list_extend(lines, M.answer_lines(result.answer or ''))
  table.insert(lines, '')
  table.insert(lines, '## Sources')
  table.insert(lines, '')
  local sources = result.sources or {}
  if #sources == 0 then
    table.insert(lines, 'No source matched the question.')
  end
  for i, s in ipairs(sources) do
    table.insert(lines, ('%d. %s'):format(i, M.source_line(s)))
  end
  return lines
end

--- Quickfix entries: each distinct cited provision, then each source, at its location.
---@param result table the lexls/ask result
---@param encoding 'utf-8'|'utf-16'|'utf-32' the client's position encoding
---@return vim.quickfix.entry[]
function M.quickfix_items(result, encoding)
  local items, seen = {}, {}
  local function add(location, text, kind)
    if type(location) ~= 'table' then
      return
    end
    local key = location.uri .. ':' .. location.range.start.line .. ':' .. text
    if seen[key] then
      return
    end
    seen[key] = true
    local item = vim.lsp.util.locations_to_items({ location }, encoding)[1]
    item.text = text
    item.type = kind
    item.user_data = nil
    table.insert(items, item)
  end
  for _, c in ipairs(result.citations or {}) do
    local note = ''
    if c.target and c.target ~= vim.NIL and c.target ~= c.text then
      note = ' → ' .. c.target
    end
    if not c.supported then
      note = note .. ' (not among the sources)'
    end
    add(c.location, 'cited: ' .. c.text .. note, c.supported and 'I' or 'W')
  end
  for _, s in ipairs(result.sources or {}) do
    add(s.location, 'source: ' .. M.source_line(s):gsub('`', ''), 'I')
  end
  return items
end

return M
