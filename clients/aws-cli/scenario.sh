#!/usr/bin/env bash
# Partita single-table scenario, run with the AWS CLI v2 (`aws dynamodb ...`).
#
# Usage:
#   PARTITA_ENDPOINT=http://127.0.0.1:8000 \
#   AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita-secret AWS_DEFAULT_REGION=us-east-1 \
#   bash clients/aws-cli/scenario.sh
#
# Env: AWS_CLI (default /usr/bin/aws), PYTHON (default /usr/bin/python3, used only
# to compare JSON), AWS_MAX_ATTEMPTS (default 1: no retries).
#
# Exits 0 and prints "SCENARIO OK aws-cli" as its last line when every step
# passed; otherwise exits non-zero with a "FAIL [step] ..." message.
#
# The CLI prints N as strings and B as base64, so the JSON comparisons below are
# exact string comparisons (the 38-digit amount never goes through a float).
set -euo pipefail

CLIENT=aws-cli
AWS=${AWS_CLI:-/usr/bin/aws}
PY=${PYTHON:-/usr/bin/python3}
: "${PARTITA_ENDPOINT:?FAIL [setup] PARTITA_ENDPOINT is not set (e.g. http://127.0.0.1:8000)}"
REGION=${AWS_REGION:-${AWS_DEFAULT_REGION:-us-east-1}}
export AWS_PAGER=""                              # never page output
export AWS_MAX_ATTEMPTS=${AWS_MAX_ATTEMPTS:-1}   # no retries: a server error must show, not be retried away
export AWS_RETRY_MODE=${AWS_RETRY_MODE:-standard}

TABLE="scenario-aws-cli-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
WORK=$(mktemp -d)
STEP=setup
TABLE_CREATED=0
TABLE_DELETED=0
FAILED=0

# ---------------------------------------------------------------- helpers ---

ddb() {
  "$AWS" dynamodb "$@" --endpoint-url "$PARTITA_ENDPOINT" --region "$REGION" --output json \
    --cli-binary-format base64 --cli-connect-timeout 10 --cli-read-timeout 30
}

fail() { # STEP MESSAGE
  FAILED=1
  echo "FAIL [$1] $2" >&2
  exit 1
}

ok() { echo "  ok  $1: $2"; }

expect() { # STEP WHAT ACTUAL EXPECTED   (plain strings)
  [[ "$3" == "$4" ]] || fail "$1" "$2 differs"$'\n'"  expected: $4"$'\n'"  actual:   $3"
  ok "$1" "$2"
}

# Compares JSON: JSON_AT PATH picks a value out of a document (dotted path, "" = the
# whole document, missing = null); sets (SS/NS/BS) compare as sets.
PY_JSON='
import json, sys

def norm(v):
    if isinstance(v, dict):
        return {k: sorted(x) if k in ("SS", "NS", "BS") and isinstance(x, list) else norm(x)
                for k, x in v.items()}
    if isinstance(v, list):
        return [norm(x) for x in v]
    return v

def at(doc, path):
    for part in [p for p in path.split(".") if p]:
        if isinstance(doc, list) and part.isdigit() and int(part) < len(doc):
            doc = doc[int(part)]  # a list element by index: Shards.0.ShardId
            continue
        if not isinstance(doc, dict) or part not in doc:
            return None
        doc = doc[part]
    return doc

mode = sys.argv[1]
if mode == "expect":
    step, what, actual, path, expected = sys.argv[2:7]
    a, e = norm(at(json.loads(actual or "null"), path)), norm(json.loads(expected))
    if a != e:
        where = ""
        if isinstance(a, dict) and isinstance(e, dict):
            where = f" in {sorted(k for k in a.keys() | e.keys() if a.get(k) != e.get(k))}"
        print(f"FAIL [{step}] {what} differs{where}\n  expected: {json.dumps(e, sort_keys=True)}\n"
              f"  actual:   {json.dumps(a, sort_keys=True)}", file=sys.stderr)
        sys.exit(1)
elif mode == "get":
    v = at(json.loads(sys.argv[2] or "null"), sys.argv[3])
    print(v if isinstance(v, str) else json.dumps(v))
elif mode == "merge":
    print(json.dumps({**json.loads(sys.argv[2]), **json.loads(sys.argv[3])}))
elif mode == "sort-keys":
    attr = sys.argv[3] if len(sys.argv) > 3 else "SK"
    print(json.dumps([i.get(attr, {}).get("S") for i in (json.loads(sys.argv[2] or "null") or {}).get("Items") or []]))
elif mode == "has-table":
    print("yes" if sys.argv[3] in json.loads(sys.argv[2])["TableNames"] else "no")
elif mode == "sort-items":  # JSON PATH: the list of items at PATH, sorted by PK (for set comparison)
    print(json.dumps(sorted(at(json.loads(sys.argv[2] or "null"), sys.argv[3]) or [], key=lambda i: i["PK"]["S"])))
elif mode == "count":  # JSON PATH: the length of the list or map at PATH (0 when missing)
    print(len(at(json.loads(sys.argv[2] or "null"), sys.argv[3]) or []))
elif mode == "records-add":  # FILE PAGE: appends the Records of a GetRecords answer to FILE, prints their number
    records = json.load(open(sys.argv[2])) if __import__("os").path.exists(sys.argv[2]) else []
    page = json.loads(sys.argv[3])["Records"]
    json.dump(records + page, open(sys.argv[2], "w"))
    print(len(page))
elif mode == "records":  # FILE: [eventName, OldImage, NewImage] of each record, and the checks of step S1
    records = json.load(open(sys.argv[2]))
    d = [r["dynamodb"] for r in records]
    seq = [int(x["SequenceNumber"]) for x in d]
    print(json.dumps({
        "events": [[r["eventName"], r["dynamodb"].get("OldImage"), r["dynamodb"].get("NewImage")] for r in records],
        "meta": sorted({json.dumps([r["eventSource"], r["eventVersion"], r["awsRegion"], r["dynamodb"]["StreamViewType"],
                                    r["dynamodb"]["Keys"]], sort_keys=True) for r in records}),
        # the CLI prints the epoch seconds it read as an ISO 8601 time (cli_timestamp_format)
        "times": all(__import__("datetime").datetime.fromisoformat(x["ApproximateCreationDateTime"]).year > 2000
                     if isinstance(x["ApproximateCreationDateTime"], str) else x["ApproximateCreationDateTime"] > 0
                     for x in d),
        "increasing": seq == sorted(seq) and len(set(seq)) == len(seq)}, sort_keys=True))
elif mode == "error-body":  # FILE: the last response body in a --debug log, as JSON
    import ast
    lines, body = open(sys.argv[2], encoding="utf-8", errors="replace").read().splitlines(), None
    for i, line in enumerate(lines[:-1]):
        if line.endswith("Response body:") and lines[i + 1].startswith("b"):
            body = ast.literal_eval(lines[i + 1]).decode("utf-8")
    print(body or "null")
'

expect_json() { # STEP WHAT ACTUAL_JSON PATH EXPECTED_JSON
  "$PY" -c "$PY_JSON" expect "$@" || { FAILED=1; exit 1; }
  ok "$1" "$2"
}
json_get() { "$PY" -c "$PY_JSON" get "$1" "$2"; }          # JSON PATH
json_merge() { "$PY" -c "$PY_JSON" merge "$1" "$2"; }      # JSON OVERRIDES
sort_keys() { "$PY" -c "$PY_JSON" sort-keys "$@"; }        # RESPONSE_JSON [ATTR] -> JSON list of Items' SK (or ATTR)
sort_items() { "$PY" -c "$PY_JSON" sort-items "$1" "$2"; } # JSON PATH -> the items at PATH sorted by PK
json_count() { "$PY" -c "$PY_JSON" count "$1" "$2"; }      # JSON PATH -> length of the list or map at PATH
error_body() { "$PY" -c "$PY_JSON" error-body "$WORK/err"; } # the error's response body, from the --debug log

# expect_error STEP CODE ddb ARGS...: the call must exit non-zero with "(CODE)" in
# stderr. It runs with --debug so the HTTP status can be read from the urllib3 log
# line ("POST / HTTP/1.1" 400 ...): the CLI shows the status nowhere else.
# Leaves the CLI's exit code in ERR_RC and its stderr in $WORK/err.
expect_error() {
  local step=$1 code=$2 status msg
  shift 2
  ERR_RC=0
  "$@" --debug >"$WORK/out" 2>"$WORK/err" || ERR_RC=$?
  [[ $ERR_RC -ne 0 ]] || fail "$step" "expected error $code, but the call succeeded: $(cat "$WORK/out")"
  msg=$(grep -E '^An error occurred \(' "$WORK/err" | tail -n 1 || true)
  [[ "$msg" == *"($code)"* ]] || return 1
  status=$(grep -oE '"POST [^"]*" [0-9]{3}' "$WORK/err" | tail -n 1 | awk '{print $NF}' || true)
  if [[ -z "$status" ]]; then
    ok "$step" "$code (exit $ERR_RC; HTTP status not visible in --debug output, not checked)"
  else
    [[ "$status" == 400 ]] || fail "$step" "expected HTTP 400 for $code, got $status"
    ok "$step" "$code (exit $ERR_RC, HTTP $status)"
  fi
}
must_error() { # STEP CODE ddb ARGS...
  local step=$1 code=$2
  expect_error "$@" || fail "$step" "expected error $code (exit $ERR_RC), got: $(grep -E '^An error occurred' "$WORK/err" | tail -n 1 || grep -v ' - DEBUG - ' "$WORK/err" | tail -n 5)"
}

table_listed() { # exit 0 if ListTables (all pages: the CLI paginates) shows $TABLE
  local names listed
  names=$(ddb list-tables) || fail "$STEP" "ListTables failed (exit $?)"
  listed=$("$PY" -c "$PY_JSON" has-table "$names" "$TABLE") || fail "$STEP" "ListTables answer without TableNames: $names"
  [[ $listed == yes ]]
}

cleanup() {
  local rc=$?
  if [[ $rc -ne 0 && $FAILED -eq 0 ]]; then
    echo "FAIL [$STEP] unexpected error (exit $rc); see the CLI's message above" >&2
  fi
  if [[ $TABLE_CREATED -eq 1 && $TABLE_DELETED -eq 0 ]]; then
    ddb delete-table --table-name "$TABLE" >/dev/null 2>&1 || true   # best-effort cleanup
  fi
  rm -rf "$WORK"
  exit $rc
}
trap cleanup EXIT

# ------------------------------------------------------------------- data ---

PK='USER#alice'
key() { echo "{\"PK\":{\"S\":\"$PK\"},\"SK\":{\"S\":\"$1\"}}"; }

# avatar: the 5 bytes 00 FF 10 80 7F, base64 "AP8QgH8="
PROFILE='{"PK":{"S":"USER#alice"},"SK":{"S":"PROFILE"},"entity":{"S":"User"},"username":{"S":"alice"},
 "email":{"S":"alice@example.com"},"createdAt":{"S":"2025-01-15T10:00:00Z"},"tags":{"SS":["admin","beta"]},
 "prefs":{"M":{"theme":{"S":"dark"},"notifications":{"BOOL":true}}},"avatar":{"B":"AP8QgH8="}}'

PENDING_INDEX='ORDERS#PENDING'   # GSI1PK of a pending order
SHIPPED_INDEX='ORDERS#SHIPPED'   # GSI1PK of a shipped order

# GSI1 (overloaded, sparse): orders by status (GSI1PK), by date (GSI1SK); the profile has neither.
order() { # N AMOUNT SKU QTY DATE [EXTRA_ATTRIBUTES_JSON]
  local extra='{}'
  [[ $# -lt 6 ]] || extra=$6
  json_merge "{\"PK\":{\"S\":\"$PK\"},\"SK\":{\"S\":\"ORDER#2025-00$1\"},\"entity\":{\"S\":\"Order\"},
    \"status\":{\"S\":\"PENDING\"},\"amount\":{\"N\":\"$2\"},
    \"items\":{\"L\":[{\"M\":{\"sku\":{\"S\":\"$3\"},\"qty\":{\"N\":\"$4\"}}}]},
    \"GSI1PK\":{\"S\":\"$PENDING_INDEX\"},\"GSI1SK\":{\"S\":\"$5#00$1\"}}" "$extra"
}
ORDER1=$(order 1 129.99 SKU-RED-MUG 2 2025-01-05)
# 38 significant digits: must round-trip as exactly this string.
ORDER2=$(order 2 12345678901234567890.123456789012345678 SKU-GPU-9000 1 2025-02-11)
ORDER3=$(order 3 0.5 SKU-STICKER 10 2025-01-20 '{"note":{"NULL":true}}')
# GSI1's LastEvaluatedKey for ORDER3: the index keys and the table keys
ORDER3_GSI1_KEY="{\"GSI1PK\":{\"S\":\"$PENDING_INDEX\"},\"GSI1SK\":{\"S\":\"2025-01-20#003\"},\"PK\":{\"S\":\"$PK\"},\"SK\":{\"S\":\"ORDER#2025-003\"}}"

# Step 11's batch load: 30 products p01..p30 (more than BatchWriteItem's 25 per request),
# all in the GSI1 partition PRODUCTS, sorted there by product id.
PRODUCTS_INDEX=PRODUCTS
PRODUCT_COUNT=30
MAX_ROUNDS=8   # calls per batch file while UnprocessedItems is not empty
product_key() { printf '{"PK":{"S":"PRODUCT#p%02d"},"SK":{"S":"PRODUCT"}}' "$1"; }   # N
product() { # N [STOCK]: product N (1-30), with stock 10 * N unless given
  local stock=${2:-$(($1 * 10))}
  printf '{"PK":{"S":"PRODUCT#p%02d"},"SK":{"S":"PRODUCT"},"entity":{"S":"Product"},"stock":{"N":"%s"},"GSI1PK":{"S":"%s"},"GSI1SK":{"S":"p%02d"}}' \
    "$1" "$stock" "$PRODUCTS_INDEX" "$1"
}

GSI1='{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"GSI1SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}'

# Step 12's orders of product p01 (stock 10), each placed by one TransactWriteItems.
ORDER4=$(order 4 19.98 p01 2 2025-03-01)   # placed: stock 10 -> 8
ORDER5=$(order 5 89.91 p01 9 2025-03-02)   # refused: 9 > 8
ORDER6=$(order 6 9.99 p01 1 2025-03-03)    # placed once, sent twice: 8 -> 7

SHIPPED_AT=2025-01-16T09:30:00Z
SHIPPED_ORDER1=$(json_merge "$ORDER1" \
  "{\"status\":{\"S\":\"SHIPPED\"},\"shippedAt\":{\"S\":\"$SHIPPED_AT\"},\"GSI1PK\":{\"S\":\"$SHIPPED_INDEX\"},\"version\":{\"N\":\"1\"}}")

UPDATE_ARGS=(
  --update-expression 'SET #s = :shipped, shippedAt = :t, GSI1PK = :shippedIndex ADD version :one'
  --condition-expression '#s = :pending'
  --expression-attribute-names '{"#s":"status"}'
  --expression-attribute-values "{\":shipped\":{\"S\":\"SHIPPED\"},\":pending\":{\"S\":\"PENDING\"},\":t\":{\"S\":\"$SHIPPED_AT\"},\":shippedIndex\":{\"S\":\"$SHIPPED_INDEX\"},\":one\":{\"N\":\"1\"}}"
  --return-values ALL_NEW
)

get() { ddb get-item --table-name "$TABLE" --key "$(key "$1")" --consistent-read; }

# ------------------------------------------------------------------ steps ---

step01_create_table() {
  STEP="1 CreateTable"
  local resp desc sorted_defs gsis
  resp=$(ddb create-table --table-name "$TABLE" \
    --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
      AttributeName=GSI1PK,AttributeType=S AttributeName=GSI1SK,AttributeType=S \
    --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
    --global-secondary-indexes "[$GSI1]" \
    --billing-mode PAY_PER_REQUEST)
  TABLE_CREATED=1
  expect "$STEP" TableName "$(json_get "$resp" TableDescription.TableName)" "$TABLE"
  # The waiter polls DescribeTable until the table is ACTIVE (first poll at once, then
  # every 20 s); it does not look at the indexes, so their IndexStatus is checked below.
  ddb wait table-exists --table-name "$TABLE"
  desc=$(ddb describe-table --table-name "$TABLE")
  sorted_defs=$(ddb describe-table --table-name "$TABLE" --query 'sort_by(Table.AttributeDefinitions, &AttributeName)')
  gsis=$(ddb describe-table --table-name "$TABLE" \
    --query 'Table.GlobalSecondaryIndexes[].{IndexName: IndexName, KeySchema: KeySchema, Projection: Projection, IndexStatus: IndexStatus}')
  expect "$STEP" "DescribeTable TableStatus" "$(json_get "$desc" Table.TableStatus)" ACTIVE
  expect_json "$STEP" "DescribeTable KeySchema" "$desc" Table.KeySchema \
    '[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]'
  expect_json "$STEP" "DescribeTable AttributeDefinitions" \
    "$sorted_defs" "" \
    '[{"AttributeName":"GSI1PK","AttributeType":"S"},{"AttributeName":"GSI1SK","AttributeType":"S"},{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}]'
  expect_json "$STEP" "DescribeTable GlobalSecondaryIndexes" "$gsis" "" "[$(json_merge "$GSI1" '{"IndexStatus":"ACTIVE"}')]"
  expect "$STEP" "DescribeTable BillingModeSummary.BillingMode" \
    "$(json_get "$desc" Table.BillingModeSummary.BillingMode)" PAY_PER_REQUEST
}

step02_put_profile() {
  STEP="2 PutItem profile"
  local resp
  resp=$(ddb put-item --table-name "$TABLE" --item "$PROFILE")
  expect_json "$STEP" "no Attributes returned (ReturnValues NONE)" "$resp" Attributes null
}

step03_put_orders() {
  STEP="3 PutItem orders"
  local o
  for o in "$ORDER1" "$ORDER2" "$ORDER3"; do
    ddb put-item --table-name "$TABLE" --item "$o" >/dev/null
  done
  ok "$STEP" "3 written"
}

step04_get_items() {
  STEP="4 GetItem"
  local resp sk expected
  for sk in PROFILE 'ORDER#2025-001' 'ORDER#2025-002' 'ORDER#2025-003'; do
    STEP="4 GetItem $sk"
    case $sk in
      PROFILE) expected=$PROFILE ;;
      *001) expected=$ORDER1 ;;
      *002) expected=$ORDER2 ;;
      *003) expected=$ORDER3 ;;
    esac
    resp=$(get "$sk")
    expect_json "$STEP" item "$resp" Item "$expected"
  done
}

step05_conditional_update() {
  STEP="5 UpdateItem ORDER#2025-001"
  local resp
  resp=$(ddb update-item --table-name "$TABLE" --key "$(key 'ORDER#2025-001')" "${UPDATE_ARGS[@]}")
  expect_json "$STEP" status "$resp" Attributes.status '{"S":"SHIPPED"}'
  expect_json "$STEP" version "$resp" Attributes.version '{"N":"1"}'
  expect_json "$STEP" "ALL_NEW attributes" "$resp" Attributes "$SHIPPED_ORDER1"
}

step06_conditional_update_fails() {
  STEP="6 UpdateItem again"
  must_error "$STEP" ConditionalCheckFailedException \
    ddb update-item --table-name "$TABLE" --key "$(key 'ORDER#2025-001')" "${UPDATE_ARGS[@]}"
  local resp
  resp=$(get 'ORDER#2025-001')
  expect_json "$STEP" "item unchanged by the failed update" "$resp" Item "$SHIPPED_ORDER1"
}

# Steps 6a-6e read the item collection as it stands after step 6: the profile and the
# three orders, ORDER#2025-001 shipped. Every query and scan runs with --no-paginate,
# so that the output is the one response the server sent: without it the CLI follows
# LastEvaluatedKey itself and merges the pages (summing Count and ScannedCount, and
# adding "ConsumedCapacity": null). CLI 2.9 already stops paginating when --limit or
# --exclusive-start-key is given, but --no-paginate says so rather than relying on it.
QUERY_VALUES="{\":pk\":{\"S\":\"$PK\"},\":order\":{\"S\":\"ORDER#\"}}"
query() { ddb query --table-name "$TABLE" --no-paginate "$@"; }

step06a_query_collection() {
  STEP="6a Query item collection"
  local resp
  resp=$(query --key-condition-expression 'PK = :pk' \
    --expression-attribute-values "{\":pk\":{\"S\":\"$PK\"}}" --consistent-read)
  expect_json "$STEP" "sort keys, ascending" "$(sort_keys "$resp")" "" \
    '["ORDER#2025-001","ORDER#2025-002","ORDER#2025-003","PROFILE"]'
  expect_json "$STEP" "items equal GetItem's" "$resp" Items "[$SHIPPED_ORDER1,$ORDER2,$ORDER3,$PROFILE]"
  expect "$STEP" Count "$(json_get "$resp" Count)" 4
  expect "$STEP" ScannedCount "$(json_get "$resp" ScannedCount)" 4
  expect_json "$STEP" "no LastEvaluatedKey" "$resp" LastEvaluatedKey null
}

step06b_query_latest_orders_paged() {
  STEP="6b Query latest orders, page 1"
  local resp lek
  local args=(--key-condition-expression 'PK = :pk AND begins_with(SK, :order)'
              --expression-attribute-values "$QUERY_VALUES" --no-scan-index-forward --limit 2)
  resp=$(query "${args[@]}")
  expect_json "$STEP" "sort keys, descending" "$(sort_keys "$resp")" "" '["ORDER#2025-003","ORDER#2025-002"]'
  expect_json "$STEP" items "$resp" Items "[$ORDER3,$ORDER2]"
  expect "$STEP" Count "$(json_get "$resp" Count)" 2
  expect_json "$STEP" LastEvaluatedKey "$resp" LastEvaluatedKey "$(key 'ORDER#2025-002')"
  lek=$(json_get "$resp" LastEvaluatedKey)
  STEP="6b Query latest orders, page 2"
  resp=$(query "${args[@]}" --exclusive-start-key "$lek")
  expect_json "$STEP" "sort keys" "$(sort_keys "$resp")" "" '["ORDER#2025-001"]'
  expect_json "$STEP" items "$resp" Items "[$SHIPPED_ORDER1]"
  expect "$STEP" Count "$(json_get "$resp" Count)" 1
  expect_json "$STEP" "no LastEvaluatedKey (page not cut by Limit)" "$resp" LastEvaluatedKey null
}

step06c_query_filter_projection() {
  STEP="6c Query filter and projection"
  local resp
  resp=$(query --key-condition-expression 'PK = :pk AND begins_with(SK, :order)' \
    --filter-expression '#s = :shipped' --projection-expression 'SK, #s' \
    --expression-attribute-names '{"#s":"status"}' \
    --expression-attribute-values "{\":pk\":{\"S\":\"$PK\"},\":order\":{\"S\":\"ORDER#\"},\":shipped\":{\"S\":\"SHIPPED\"}}")
  expect_json "$STEP" "projected items" "$resp" Items \
    '[{"SK":{"S":"ORDER#2025-001"},"status":{"S":"SHIPPED"}}]'
  expect "$STEP" Count "$(json_get "$resp" Count)" 1
  expect "$STEP" ScannedCount "$(json_get "$resp" ScannedCount)" 3
}

step06d_query_filter_on_key_fails() {
  STEP="6d Query filter on a key attribute"
  local msg want="Filter Expression can only contain non-primary key attributes"
  must_error "$STEP" ValidationException \
    query --key-condition-expression 'PK = :pk' --filter-expression 'SK = :x' \
      --expression-attribute-values "{\":pk\":{\"S\":\"$PK\"},\":x\":{\"S\":\"PROFILE\"}}"
  msg=$(grep -E '^An error occurred \(' "$WORK/err" | tail -n 1 || true)
  [[ "$msg" == *"$want"* ]] || fail "$STEP" "message does not contain \"$want\": $msg"
  ok "$STEP" "message: $(sed -E 's/^.* operation( \([^)]*\))?: //' <<<"$msg")"
}

step06e_scan_count() {
  STEP="6e Scan Select COUNT"
  local resp
  resp=$(ddb scan --table-name "$TABLE" --select COUNT --no-paginate)
  expect "$STEP" Count "$(json_get "$resp" Count)" 4
  expect "$STEP" ScannedCount "$(json_get "$resp" ScannedCount)" 4
  expect_json "$STEP" "no Items" "$resp" Items null
}

# Steps 6f-6h query the GSI1 index: orders by status (GSI1PK), by date (GSI1SK).
# The profile has no GSI1 attributes, so it is never in the index (sparse).
PENDING_ORDERS=(--index-name GSI1 --key-condition-expression 'GSI1PK = :p'
                --expression-attribute-values "{\":p\":{\"S\":\"$PENDING_INDEX\"}}")

step06f_query_gsi() {
  STEP="6f Query GSI1 pending orders"
  local resp
  resp=$(query "${PENDING_ORDERS[@]}")
  expect_json "$STEP" "GSI1SK, ascending (no profile)" "$(sort_keys "$resp" GSI1SK)" "" \
    '["2025-01-20#003","2025-02-11#002"]'
  expect_json "$STEP" "items (Projection ALL)" "$resp" Items "[$ORDER3,$ORDER2]"
  expect "$STEP" Count "$(json_get "$resp" Count)" 2
  expect "$STEP" ScannedCount "$(json_get "$resp" ScannedCount)" 2
  expect_json "$STEP" "no LastEvaluatedKey" "$resp" LastEvaluatedKey null
}

step06g_query_gsi_paged() {
  STEP="6g Query GSI1 pending orders, page 1"
  local resp lek
  resp=$(query "${PENDING_ORDERS[@]}" --limit 1)
  expect_json "$STEP" items "$resp" Items "[$ORDER3]"
  expect_json "$STEP" "LastEvaluatedKey (index and table keys)" "$resp" LastEvaluatedKey "$ORDER3_GSI1_KEY"
  lek=$(json_get "$resp" LastEvaluatedKey)
  STEP="6g Query GSI1 pending orders, page 2"
  resp=$(query "${PENDING_ORDERS[@]}" --exclusive-start-key "$lek")
  expect_json "$STEP" items "$resp" Items "[$ORDER2]"
  expect_json "$STEP" "no LastEvaluatedKey" "$resp" LastEvaluatedKey null
  STEP="6g Query GSI1 shipped orders"
  resp=$(query --index-name GSI1 --key-condition-expression 'GSI1PK = :s' \
    --expression-attribute-values "{\":s\":{\"S\":\"$SHIPPED_INDEX\"}}")
  expect_json "$STEP" items "$resp" Items "[$SHIPPED_ORDER1]"
}

step06h_query_gsi_consistent_fails() {
  STEP="6h Query GSI1 ConsistentRead"
  local msg want="Consistent reads are not supported on global secondary indexes"
  must_error "$STEP" ValidationException query "${PENDING_ORDERS[@]}" --consistent-read
  msg=$(grep -E '^An error occurred \(' "$WORK/err" | tail -n 1 || true)
  [[ "$msg" == *"$want"* ]] || fail "$STEP" "message does not contain \"$want\": $msg"
  ok "$STEP" "message: $(sed -E 's/^.* operation( \([^)]*\))?: //' <<<"$msg")"
}

step07_put_if_absent_fails() {
  STEP="7 PutItem attribute_not_exists"
  local new_profile
  new_profile=$(json_merge "$PROFILE" '{"email":{"S":"alice@new.example.com"}}')
  local args=(ddb put-item --table-name "$TABLE" --item "$new_profile"
              --condition-expression 'attribute_not_exists(PK)')
  # AWS CLI 2.9 (Debian 12) predates ReturnValuesOnConditionCheckFailure (June 2023)
  # and rejects the option ("Unknown options", exit 252); then the step runs without
  # it. Either way the CLI prints only the error code and message, never the error's
  # Item, so only the code (and HTTP status) is checked here.
  if ! expect_error "$STEP" ConditionalCheckFailedException "${args[@]}" \
         --return-values-on-condition-check-failure ALL_OLD; then
    if [[ $ERR_RC -eq 252 ]] && grep -q 'Unknown options: --return-values-on-condition-check-failure' "$WORK/err"; then
      echo "  --  $STEP: this CLI has no --return-values-on-condition-check-failure; running without it"
      must_error "$STEP" ConditionalCheckFailedException "${args[@]}"
    else
      fail "$STEP" "expected error ConditionalCheckFailedException (exit $ERR_RC), got: $(grep -v ' - DEBUG - ' "$WORK/err" | tail -n 5)"
    fi
  fi
  local resp
  resp=$(get PROFILE)
  expect_json "$STEP" "profile unchanged" "$resp" Item "$PROFILE"
}

step08_validation_error() {
  STEP="8 GetItem key without SK"
  must_error "$STEP" ValidationException \
    ddb get-item --table-name "$TABLE" --key "{\"PK\":{\"S\":\"$PK\"}}"
}

step09_missing_table() {
  STEP="9 GetItem missing table"
  must_error "$STEP" ResourceNotFoundException \
    ddb get-item --table-name "$TABLE-missing" --key "$(key PROFILE)"
}

step10_delete_item() {
  STEP="10 DeleteItem ORDER#2025-002"
  local resp
  resp=$(ddb delete-item --table-name "$TABLE" --key "$(key 'ORDER#2025-002')" --return-values ALL_OLD)
  expect_json "$STEP" "ALL_OLD attributes" "$resp" Attributes "$ORDER2"
  resp=$(get 'ORDER#2025-002')
  expect_json "$STEP" "GetItem after delete has no Item" "$resp" Item null
}

# Step 11: the batch load (30 products), read back by BatchGetItem and through GSI1.

# batch_write_file STEP FILE: batch-write-item --request-items file://FILE, then again with
# the answer's UnprocessedItems (with a backoff) until it is empty, as the guides say.
# Adds the retries to BATCH_RETRIES.
BATCH_RETRIES=0
batch_write_file() {
  local step=$1 file=$2 resp pending round=0
  while :; do
    resp=$(ddb batch-write-item --request-items "file://$file")
    pending=$(json_get "$resp" UnprocessedItems)
    [[ $pending == '{}' || $pending == null ]] && return 0
    round=$((round + 1))
    [[ $round -lt $MAX_ROUNDS ]] || fail "$step" "UnprocessedItems still not empty after $MAX_ROUNDS calls: $pending"
    BATCH_RETRIES=$((BATCH_RETRIES + 1))
    sleep "$(awk -v r="$round" 'BEGIN { print 0.05 * 2 ^ (r - 1) }')"
    file="$WORK/unprocessed-$round.json"
    printf '%s' "$pending" >"$file"
  done
}

step11a_batch_write() {
  STEP="11a BatchWriteItem 30 products"
  # Two request files, of 25 (BatchWriteItem's maximum) and 5 put requests.
  local n first="" second=""
  for n in $(seq 1 "$PRODUCT_COUNT"); do
    if [[ $n -le 25 ]]; then first+="${first:+,}{\"PutRequest\":{\"Item\":$(product "$n")}}"
    else second+="${second:+,}{\"PutRequest\":{\"Item\":$(product "$n")}}"; fi
  done
  printf '{"%s":[%s]}' "$TABLE" "$first" >"$WORK/batch-1.json"
  printf '{"%s":[%s]}' "$TABLE" "$second" >"$WORK/batch-2.json"
  expect "$STEP" "requests per batch-write-item call" \
    "$(json_count "$(cat "$WORK/batch-1.json")" "$TABLE") $(json_count "$(cat "$WORK/batch-2.json")" "$TABLE")" "25 5"
  batch_write_file "$STEP" "$WORK/batch-1.json"
  batch_write_file "$STEP" "$WORK/batch-2.json"
  ok "$STEP" "UnprocessedItems followed until empty ($BATCH_RETRIES retries)"
}

step11b_batch_get() {
  STEP="11b BatchGetItem 3 products and a missing key"
  local resp
  resp=$(ddb batch-get-item --request-items "{\"$TABLE\":{\"Keys\":[$(product_key 1),$(product_key 15),$(product_key 99),$(product_key 30)],\"ProjectionExpression\":\"PK, stock\",\"ConsistentRead\":true}}")
  expect "$STEP" "Responses tables" "$(json_count "$resp" Responses)" 1
  # the order of the items is unspecified: compared sorted by PK, as a set
  expect_json "$STEP" "projected items, as a set (no item for PRODUCT#p99)" "$(sort_items "$resp" "Responses.$TABLE")" "" \
    '[{"PK":{"S":"PRODUCT#p01"},"stock":{"N":"10"}},{"PK":{"S":"PRODUCT#p15"},"stock":{"N":"150"}},{"PK":{"S":"PRODUCT#p30"},"stock":{"N":"300"}}]'
  expect_json "$STEP" "UnprocessedKeys empty" "$resp" UnprocessedKeys '{}'
}

step11c_query_gsi_products() {
  STEP="11c Query GSI1 products"
  local resp ids
  resp=$(query --index-name GSI1 --key-condition-expression 'GSI1PK = :p' \
    --expression-attribute-values "{\":p\":{\"S\":\"$PRODUCTS_INDEX\"}}")
  expect "$STEP" Count "$(json_get "$resp" Count)" "$PRODUCT_COUNT"
  ids=$(printf '"p%02d",' $(seq 1 "$PRODUCT_COUNT"))
  expect_json "$STEP" "GSI1SK, ascending" "$(sort_keys "$resp" GSI1SK)" "" "[${ids%,}]"
  expect_json "$STEP" "no LastEvaluatedKey" "$resp" LastEvaluatedKey null
}

step11d_batch_write_duplicates_fail() {
  STEP="11d BatchWriteItem same item twice"
  must_error "$STEP" ValidationException ddb batch-write-item --request-items \
    "{\"$TABLE\":[{\"PutRequest\":{\"Item\":$(product 31)}},{\"PutRequest\":{\"Item\":$(product 31 1)}}]}"
  local resp
  resp=$(ddb get-item --table-name "$TABLE" --key "$(product_key 31)" --consistent-read)
  expect_json "$STEP" "nothing written (PRODUCT#p31 absent)" "$resp" Item null
}

# Step 12: the guides' inventory transaction: take stock of p01 and place an order, or neither.

# buy_file ORDER_JSON QTY: writes the TransactWriteItems of that order to $WORK/buy.json and
# prints the path: stock of p01 minus QTY if there is enough, and the order put if it does not
# exist yet.
buy_file() {
  printf '[{"Update":{"TableName":"%s","Key":%s,"UpdateExpression":"SET stock = stock - :q","ConditionExpression":"stock >= :q","ExpressionAttributeValues":{":q":{"N":"%s"}}}},{"Put":{"TableName":"%s","Item":%s,"ConditionExpression":"attribute_not_exists(PK)"}}]' \
    "$TABLE" "$(product_key 1)" "$2" "$TABLE" "$1" >"$WORK/buy.json"
  echo "$WORK/buy.json"
}
stock() { json_get "$(ddb get-item --table-name "$TABLE" --key "$(product_key 1)" --consistent-read)" Item.stock; }
order_count() {
  json_get "$(query --key-condition-expression 'PK = :pk AND begins_with(SK, :order)' \
    --expression-attribute-values "$QUERY_VALUES" --select COUNT --consistent-read)" Count
}

step12a_transaction() {
  STEP="12a TransactWriteItems order 4 (2 of p01)"
  expect "$STEP" "orders before (001 and 003)" "$(order_count)" 2
  ddb transact-write-items --transact-items "file://$(buy_file "$ORDER4" 2)" >/dev/null
  expect_json "$STEP" "stock 10 - 2" "$(stock)" "" '{"N":"8"}'
  expect_json "$STEP" "order placed" "$(get 'ORDER#2025-004')" Item "$ORDER4"
  expect "$STEP" "order count" "$(order_count)" 3
}

step12b_transaction_cancelled() {
  STEP="12b TransactWriteItems order 5 (9 of p01, 8 in stock)"
  local msg body
  must_error "$STEP" TransactionCanceledException \
    ddb transact-write-items --transact-items "file://$(buy_file "$ORDER5" 9)"
  # The CLI prints the reasons only inside the error's message ("... [ConditionalCheckFailed,
  # None]"); its --debug log also has the response body, with CancellationReasons.
  msg=$(grep -E '^An error occurred \(' "$WORK/err" | tail -n 1 || true)
  [[ "$msg" == *"[ConditionalCheckFailed, None]"* ]] \
    || fail "$STEP" "message does not list the reasons [ConditionalCheckFailed, None]: $msg"
  ok "$STEP" "message: $(sed -E 's/^.* operation( \([^)]*\))?: //' <<<"$msg")"
  body=$(error_body)
  expect_json "$STEP" "CancellationReasons codes, in request order (--debug response body)" \
    "$("$PY" -c 'import json, sys; print(json.dumps([r.get("Code") for r in json.loads(sys.argv[1]).get("CancellationReasons") or []]))' "$body")" \
    "" '["ConditionalCheckFailed","None"]'
  expect_json "$STEP" "stock unchanged" "$(stock)" "" '{"N":"8"}'
  expect_json "$STEP" "order 5 not placed" "$(get 'ORDER#2025-005')" Item null
  expect "$STEP" "order count unchanged" "$(order_count)" 3
}

step12c_transaction_idempotent() {
  STEP="12c TransactWriteItems order 6 twice, one ClientRequestToken"
  local token file
  token=$("$PY" -c 'import uuid; print(uuid.uuid4())')
  file=$(buy_file "$ORDER6" 1)
  ddb transact-write-items --transact-items "file://$file" --client-request-token "$token" >/dev/null
  # the same request, same token: succeeds without applying again
  ddb transact-write-items --transact-items "file://$file" --client-request-token "$token" >/dev/null
  expect_json "$STEP" "stock 8 - 1, once" "$(stock)" "" '{"N":"7"}'
  expect_json "$STEP" "order placed" "$(get 'ORDER#2025-006')" Item "$ORDER6"
  expect "$STEP" "order count" "$(order_count)" 4
}

step12d_transact_get() {
  STEP="12d TransactGetItems order 4 and p01"
  local resp
  resp=$(ddb transact-get-items --transact-items \
    "[{\"Get\":{\"TableName\":\"$TABLE\",\"Key\":$(key 'ORDER#2025-004')}},{\"Get\":{\"TableName\":\"$TABLE\",\"Key\":$(product_key 1)}}]")
  expect_json "$STEP" "Responses, in request order" "$resp" Responses "[{\"Item\":$ORDER4},{\"Item\":$(product 1 7)}]"
}

# ------------------------------------------------------------------ Streams

streams() {
  "$AWS" dynamodbstreams "$@" --endpoint-url "$PARTITA_ENDPOINT" --region "$REGION" --output json \
    --cli-connect-timeout 10 --cli-read-timeout 30
}

stepS1_stream() {
  STEP="S1 UpdateTable StreamSpecification NEW_AND_OLD_IMAGES"
  local resp arn label deadline desc shards i p it page n
  resp=$(ddb update-table --table-name "$TABLE" \
    --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES)
  expect_json "$STEP" StreamSpecification "$resp" TableDescription.StreamSpecification \
    '{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}'
  arn=$(json_get "$resp" TableDescription.LatestStreamArn)
  label=$(json_get "$resp" TableDescription.LatestStreamLabel)
  [[ $arn == arn:aws:dynamodb:*":table/$TABLE/stream/$label" ]] \
    || fail "$STEP" "LatestStreamArn is not the table's stream ARN ending with its label: $arn ($label)"
  ok "$STEP" "LatestStreamArn $arn"
  deadline=$((SECONDS + 60))   # the service shows UPDATING for a few seconds
  until [[ $(json_get "$(ddb describe-table --table-name "$TABLE")" Table.TableStatus) == ACTIVE ]]; do
    [[ $SECONDS -lt $deadline ]] || fail "$STEP" "table not ACTIVE 60 s after UpdateTable"
    sleep 0.5
  done

  STEP="S1 UpdateTable enabling the stream again"
  must_error "$STEP" ValidationException ddb update-table --table-name "$TABLE" \
    --stream-specification StreamEnabled=true,StreamViewType=KEYS_ONLY
  expect "$STEP" message "$(grep -E '^An error occurred \(' "$WORK/err" | tail -n 1 | sed -E 's/^.* operation( \([^)]*\))?: //')" \
    "Table already has an enabled stream: TableName: $TABLE"

  # the writes: INSERT, MODIFY, the same item again (no record), REMOVE, a delete of nothing (no record)
  local k='{"PK":{"S":"STREAM#s1"},"SK":{"S":"ITEM"}}'
  local first='{"PK":{"S":"STREAM#s1"},"SK":{"S":"ITEM"},"v":{"N":"1"},"note":{"S":"first"}}'
  local second='{"PK":{"S":"STREAM#s1"},"SK":{"S":"ITEM"},"v":{"N":"2"},"note":{"S":"first"}}'
  ddb put-item --table-name "$TABLE" --item "$first" >/dev/null
  ddb update-item --table-name "$TABLE" --key "$k" --update-expression "SET v = :v" \
    --expression-attribute-values '{":v":{"N":"2"}}' >/dev/null
  ddb put-item --table-name "$TABLE" --item "$second" >/dev/null
  ddb delete-item --table-name "$TABLE" --key "$k" >/dev/null
  ddb delete-item --table-name "$TABLE" --key "$k" >/dev/null

  STEP="S1 ListStreams"
  expect_json "$STEP" "the table's one stream" "$(streams list-streams --table-name "$TABLE")" Streams \
    "[{\"StreamArn\":\"$arn\",\"TableName\":\"$TABLE\",\"StreamLabel\":\"$label\"}]"

  STEP="S1 DescribeStream"
  deadline=$((SECONDS + 60))   # the service shows ENABLING for a few seconds
  while desc=$(streams describe-stream --stream-arn "$arn"); \
      [[ $(json_get "$desc" StreamDescription.StreamStatus) != ENABLED && $SECONDS -lt $deadline ]]; do
    sleep 1
  done
  expect "$STEP" StreamStatus "$(json_get "$desc" StreamDescription.StreamStatus)" ENABLED
  expect "$STEP" StreamViewType "$(json_get "$desc" StreamDescription.StreamViewType)" NEW_AND_OLD_IMAGES
  expect "$STEP" TableName "$(json_get "$desc" StreamDescription.TableName)" "$TABLE"
  expect_json "$STEP" KeySchema "$desc" StreamDescription.KeySchema \
    '[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}]'
  shards=$(json_count "$desc" StreamDescription.Shards)
  [[ $shards -ge 1 ]] || fail "$STEP" "no shards: $desc"

  STEP="S1 GetShardIterator TRIM_HORIZON and GetRecords until empty"
  for ((i = 0; i < shards; i++)); do   # a new table has one; parents come before their children
    it=$(json_get "$(streams get-shard-iterator --stream-arn "$arn" \
      --shard-id "$(json_get "$desc" "StreamDescription.Shards.$i.ShardId")" --shard-iterator-type TRIM_HORIZON)" \
      ShardIterator)
    for ((p = 0; p < 50; p++)); do
      page=$(streams get-records --shard-iterator "$it" --limit 2)
      n=$("$PY" -c "$PY_JSON" records-add "$WORK/records.json" "$page")
      [[ $n -le 2 ]] || fail "$STEP" "$n records with --limit 2"
      it=$(json_get "$page" NextShardIterator)
      [[ $n -gt 0 && $it != null ]] || break
    done
  done
  # the stream began after the earlier steps: these writes are all it holds
  local summary
  summary=$("$PY" -c "$PY_JSON" records "$WORK/records.json")
  expect_json "$STEP" "records (eventName, OldImage, NewImage): nothing for the writes that changed nothing" \
    "$summary" events "[[\"INSERT\",null,$first],[\"MODIFY\",$first,$second],[\"REMOVE\",$second,null]]"
  expect_json "$STEP" "record metadata and Keys" "$summary" meta \
    "[$("$PY" -c 'import json,sys; print(json.dumps(json.dumps(["aws:dynamodb","1.1",sys.argv[1],"NEW_AND_OLD_IMAGES",json.loads(sys.argv[2])], sort_keys=True)))' "$REGION" "$k")]"
  expect_json "$STEP" "ApproximateCreationDateTime read as times" "$summary" times true
  expect_json "$STEP" "sequence numbers increase" "$summary" increasing true
}

# ------------------------------------------------------------------ PartiQL

stepP1_partiql() {
  STEP="P1 ExecuteStatement SELECT of a profile by its key"
  local resp note='{"PK":{"S":"USER#alice"},"SK":{"S":"NOTE#p1"},"text":{"S":"from PartiQL"},"n":{"N":"1"}}'
  resp=$(ddb execute-statement --statement "SELECT username, prefs.theme FROM \"$TABLE\" WHERE PK = 'USER#alice' AND SK = 'PROFILE'")
  expect_json "$STEP" "projected paths, each under its last name" "$resp" Items \
    '[{"username":{"S":"alice"},"theme":{"S":"dark"}}]'

  STEP="P1 ExecuteStatement INSERT with parameters, then the same key again"
  ddb execute-statement --statement "INSERT INTO \"$TABLE\" VALUE {'PK': ?, 'SK': ?, 'text': 'from PartiQL', 'n': 1}" \
    --parameters '[{"S":"USER#alice"},{"S":"NOTE#p1"}]' >/dev/null
  expect_json "$STEP" "inserted" "$(get 'NOTE#p1')" Item "$note"
  must_error "$STEP" DuplicateItemException ddb execute-statement \
    --statement "INSERT INTO \"$TABLE\" VALUE {'PK': 'USER#alice', 'SK': 'NOTE#p1'}"
  ok "$STEP" "DuplicateItemException"

  STEP="P1 ExecuteStatement UPDATE ... RETURNING MODIFIED NEW *"
  resp=$(ddb execute-statement --statement "UPDATE \"$TABLE\" SET n = n + 41 WHERE PK = 'USER#alice' AND SK = 'NOTE#p1' RETURNING MODIFIED NEW *")
  expect_json "$STEP" "the modified attribute" "$resp" Items '[{"n":{"N":"42"}}]'

  STEP="P1 ExecuteStatement SELECT on the partition (a Query) with begins_with on the sort key"
  resp=$(ddb execute-statement --statement "SELECT SK FROM \"$TABLE\" WHERE PK = 'USER#alice' AND begins_with(SK, 'NOTE#')")
  expect_json "$STEP" "the collection's notes" "$resp" Items '[{"SK":{"S":"NOTE#p1"}}]'

  STEP="P1 BatchExecuteStatement: two reads, one of a missing item"
  resp=$(ddb batch-execute-statement --statements "[{\"Statement\":\"SELECT n FROM \\\"$TABLE\\\" WHERE PK = 'USER#alice' AND SK = 'NOTE#p1'\"},{\"Statement\":\"SELECT * FROM \\\"$TABLE\\\" WHERE PK = 'USER#alice' AND SK = 'NOTE#none'\"}]")
  expect_json "$STEP" "first response" "$resp" Responses.0.Item '{"n":{"N":"42"}}'
  expect_json "$STEP" "second response has no item" "$resp" Responses.1.Item null

  STEP="P1 ExecuteTransaction: the note deleted, on the condition that the profile exists"
  ddb execute-transaction --transact-statements "[{\"Statement\":\"EXISTS(SELECT * FROM \\\"$TABLE\\\" WHERE PK = 'USER#alice' AND SK = 'PROFILE' AND username = 'alice')\"},{\"Statement\":\"DELETE FROM \\\"$TABLE\\\" WHERE PK = 'USER#alice' AND SK = 'NOTE#p1'\"}]" >/dev/null
  expect_json "$STEP" "note deleted" "$(get 'NOTE#p1')" Item null
}

# ------------------------------------------------------- Tags, backups

stepB1_tags_and_backup() {
  STEP="B1 TagResource and ListTagsOfResource"
  local arn resp backup restored="$TABLE-restored" deadline
  arn=$(json_get "$(ddb describe-table --table-name "$TABLE")" Table.TableArn)
  ddb tag-resource --resource-arn "$arn" --tags Key=team,Value=orders Key=env,Value=test >/dev/null
  resp=$(ddb list-tags-of-resource --resource-arn "$arn")
  expect_json "$STEP" "the two tags" "$("$PY" -c 'import json,sys; print(json.dumps(sorted(json.loads(sys.argv[1])["Tags"], key=lambda t: t["Key"])))' "$resp")" "" \
    '[{"Key":"env","Value":"test"},{"Key":"team","Value":"orders"}]'
  ddb untag-resource --resource-arn "$arn" --tag-keys env >/dev/null
  expect_json "$STEP" "one tag after UntagResource" "$(ddb list-tags-of-resource --resource-arn "$arn")" Tags \
    '[{"Key":"team","Value":"orders"}]'

  STEP="B1 CreateBackup, a write after it, RestoreTableFromBackup"
  resp=$(ddb create-backup --table-name "$TABLE" --backup-name scenario)
  backup=$(json_get "$resp" BackupDetails.BackupArn)
  [[ $backup == arn:aws:dynamodb:*":table/$TABLE/backup/"* ]] || fail "$STEP" "BackupArn: $backup"
  ok "$STEP" "BackupArn $backup"
  ddb put-item --table-name "$TABLE" --item '{"PK":{"S":"USER#alice"},"SK":{"S":"NOTE#after-backup"}}' >/dev/null
  expect "$STEP" "ListBackups names it" \
    "$(json_get "$(ddb list-backups --table-name "$TABLE")" BackupSummaries.0.BackupArn)" "$backup"
  ddb restore-table-from-backup --target-table-name "$restored" --backup-arn "$backup" >/dev/null
  deadline=$((SECONDS + 120))   # the service restores in the background
  until [[ $(json_get "$(ddb describe-table --table-name "$restored")" Table.TableStatus) == ACTIVE ]]; do
    [[ $SECONDS -lt $deadline ]] || fail "$STEP" "restored table not ACTIVE after 120 s"
    sleep 1
  done
  expect_json "$STEP" "the profile restored" \
    "$(ddb get-item --table-name "$restored" --key "$(key PROFILE)" --consistent-read)" Item "$PROFILE"
  expect_json "$STEP" "the write after the backup is not in it" \
    "$(ddb get-item --table-name "$restored" --key "$(key NOTE#after-backup)" --consistent-read)" Item null
  ddb delete-table --table-name "$restored" >/dev/null
  ddb delete-backup --backup-arn "$backup" >/dev/null
  ddb delete-item --table-name "$TABLE" --key "$(key NOTE#after-backup)" >/dev/null

  STEP="B1 UpdateContinuousBackups, then ExportTableToPointInTime of the table as it is now"
  local tarn export status deadline
  expect "$STEP" "recovery on" "$(json_get "$(ddb update-continuous-backups --table-name "$TABLE" \
    --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true)" \
    ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus)" ENABLED
  tarn=$(json_get "$(ddb describe-table --table-name "$TABLE")" Table.TableArn)
  export=$(json_get "$(ddb export-table-to-point-in-time --table-arn "$tarn" --s3-bucket scenario-exports \
    --s3-prefix "$TABLE")" ExportDescription.ExportArn)
  deadline=$((SECONDS + 120))   # the service exports in the background
  until status=$(json_get "$(ddb describe-export --export-arn "$export")" ExportDescription.ExportStatus); \
      [[ $status != IN_PROGRESS ]]; do
    [[ $SECONDS -lt $deadline ]] || fail "$STEP" "export still IN_PROGRESS after 120 s"
    sleep 1
  done
  expect "$STEP" ExportStatus "$status" COMPLETED
  [[ $(json_get "$(ddb describe-export --export-arn "$export")" ExportDescription.ItemCount) -gt 0 ]] \
    || fail "$STEP" "the export counted no items"
  ok "$STEP" "exported, items counted"
}

step12e_service_and_policy() {
  STEP="12e DescribeEndpoints, DescribeLimits, resource policy by table ARN"
  local resp arn policy rev
  resp=$(ddb describe-endpoints)
  expect "$STEP" "Endpoints.0.CachePeriodInMinutes" "$(json_get "$resp" Endpoints.0.CachePeriodInMinutes)" 1440
  resp=$(ddb describe-limits)
  expect "$STEP" TableMaxReadCapacityUnits "$(json_get "$resp" TableMaxReadCapacityUnits)" 40000
  arn=$(json_get "$(ddb describe-table --table-name "$TABLE")" Table.TableArn)
  expect "$STEP" "DescribeTable by ARN" "$(json_get "$(ddb describe-table --table-name "$arn")" Table.TableName)" "$TABLE"
  if ! "$AWS" dynamodb put-resource-policy --generate-cli-skeleton >/dev/null 2>&1; then
    # resource policies came to the CLI in 2024 (v2.15.30); an older CLI has no such command
    ok "$STEP" "endpoints, limits, DescribeTable by ARN; resource policy skipped: this AWS CLI predates put-resource-policy"
    return
  fi
  policy='{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::000000000000:root"},"Action":"dynamodb:GetItem","Resource":"*"}]}'
  rev=$(json_get "$(ddb put-resource-policy --resource-arn "$arn" --policy "$policy" --expected-revision-id NO_POLICY)" RevisionId)
  resp=$(ddb get-resource-policy --resource-arn "$arn")
  expect "$STEP" "GetResourcePolicy RevisionId" "$(json_get "$resp" RevisionId)" "$rev"
  expect "$STEP" "GetResourcePolicy Policy" "$(json_get "$resp" Policy)" "$policy"
  must_error "$STEP" PolicyNotFoundException ddb put-resource-policy --resource-arn "$arn" --policy "$policy" \
    --expected-revision-id NO_POLICY
  ddb delete-resource-policy --resource-arn "$arn" --expected-revision-id "$rev" >/dev/null
  must_error "$STEP" PolicyNotFoundException ddb get-resource-policy --resource-arn "$arn"
  ok "$STEP" "endpoints, limits, DescribeTable by ARN, put/get/delete policy with revision ids"
}

# ----------------------------------------------------------------------------
# FUTURE STEPS go here, before DeleteTable (they need the table).
# Add a stepNN_... function and call it below.
# ----------------------------------------------------------------------------

step13_delete_table() {
  STEP="13 DeleteTable"
  local resp deadline
  resp=$(ddb delete-table --table-name "$TABLE")
  TABLE_DELETED=1
  expect "$STEP" TableName "$(json_get "$resp" TableDescription.TableName)" "$TABLE"
  deadline=$((SECONDS + 60))
  while table_listed; do
    [[ $SECONDS -lt $deadline ]] || fail "$STEP" "table still listed by ListTables 60 s after DeleteTable"
    sleep 0.5
  done
  ok "$STEP" "ListTables no longer shows $TABLE"
}

# ------------------------------------------------------------------- main ---

echo "$CLIENT: $("$AWS" --version 2>&1); endpoint $PARTITA_ENDPOINT; table $TABLE"
step01_create_table
step02_put_profile
step03_put_orders
step04_get_items
step05_conditional_update
step06_conditional_update_fails
step06a_query_collection
step06b_query_latest_orders_paged
step06c_query_filter_projection
step06d_query_filter_on_key_fails
step06e_scan_count
step06f_query_gsi
step06g_query_gsi_paged
step06h_query_gsi_consistent_fails
step07_put_if_absent_fails
step08_validation_error
step09_missing_table
step10_delete_item
step11a_batch_write
step11b_batch_get
step11c_query_gsi_products
step11d_batch_write_duplicates_fail
step12a_transaction
step12b_transaction_cancelled
step12c_transaction_idempotent
step12d_transact_get
step12e_service_and_policy
stepS1_stream
stepP1_partiql
stepB1_tags_and_backup
# future steps (see the comment above step13_delete_table)
step13_delete_table
STEP=done
echo "SCENARIO OK $CLIENT"
