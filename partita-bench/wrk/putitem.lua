-- PutItem of 1 KB items, each request a new sort key (per wrk thread), so writers do not queue on one item
local counter = 0
local pad = string.rep("x", 900)
request = function()
  counter = counter + 1
  local body = '{"TableName":"bench","Item":{"PK":{"S":"USER#bob"},"SK":{"S":"ORDER#' .. tostring(counter)
    .. '"},"amount":{"N":"129.99"},"pad":{"S":"' .. pad .. '"}}}'
  return wrk.format("POST", "/", {["X-Amz-Target"] = "DynamoDB_20120810.PutItem",
    ["Content-Type"] = "application/x-amz-json-1.0"}, body)
end
