-- wrk script: POST /entity for random CNPJs of the bench's padded file (bench/registry/README.md).
-- wrk -t1 -c16 -d20s --latency -s entity.lua http://127.0.0.1:PORT -- /tmp/.../cnpjs.txt /tmp/.../authorization.txt
local cnpjs = {}
local authorization

function init(args)
  for line in io.lines(args[1]) do cnpjs[#cnpjs + 1] = line end
  authorization = io.open(args[2]):read("*l")
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
end

function request()
  local body = '{"identifier":"' .. cnpjs[math.random(#cnpjs)] .. '","country":"BR"}'
  return wrk.format("POST", "/entity", {["Content-Type"] = "application/json", ["Authorization"] = authorization}, body)
end

function response(status, headers, body)
  if status ~= 200 then errors_seen = (errors_seen or 0) + 1 end
end
