-- Query of one 10-item collection (the orders server-wrk.sh writes for USER#carol)
wrk.method = "POST"
wrk.headers["X-Amz-Target"] = "DynamoDB_20120810.Query"
wrk.headers["Content-Type"] = "application/x-amz-json-1.0"
wrk.body = '{"TableName":"bench","KeyConditionExpression":"PK = :pk AND begins_with(SK, :o)",'
  .. '"ExpressionAttributeValues":{":pk":{"S":"USER#carol"},":o":{"S":"ORDER#"}}}'
