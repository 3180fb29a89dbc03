-- Every request asks a distinct query, like `paa run` does: the emulator generates a tree
-- per request instead of serving one cached tree.
local n = 0
local prefix = os.getenv("WRK_QUERY_PREFIX") or "wrk"
request = function()
  n = n + 1
  return wrk.format("GET", "/api/alsoask?q=" .. prefix .. "+query+" .. n .. "+coffee&hl=en&gl=us")
end
