-- GetItem of one 1 KB item (the item server-wrk.sh writes first)
wrk.method = "POST"
wrk.headers["X-Amz-Target"] = "DynamoDB_20120810.GetItem"
wrk.headers["Content-Type"] = "application/x-amz-json-1.0"
wrk.body = '{"TableName":"bench","Key":{"PK":{"S":"USER#alice"},"SK":{"S":"PROFILE"}}}'
