-- wrk script: POST /entity/kyb on report-service of a running suite, cycling real companies of the bundled
-- registry data of the five countries (bench/kyb/README.md).
-- wrk -t1 -c8 -d20s --latency -s kyb.lua http://127.0.0.1:8085 -- "$(./quipu internal-header report | sed 's/^Authorization: //')"
local companies = {
  '{"identifier":"899999068-1","country":"CO"}',
  '{"identifier":"00.000.000/0001-91","country":"BR"}',
  '{"identifier":"CIT840125DV9","country":"MX"}',
  '{"identifier":"76.286.049-K","country":"CL"}',
  '{"identifier":"20131312955","country":"PE"}',
}
local authorization
local i = 0

function init(args)
  authorization = args[1]
end

function request()
  i = i % #companies + 1
  return wrk.format("POST", "/entity/kyb", {["Content-Type"] = "application/json", ["Authorization"] = authorization},
    companies[i])
end
