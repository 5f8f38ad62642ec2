#!/usr/bin/env node
// Partita single-table scenario, run with the AWS SDK for JavaScript v3
// low-level DynamoDBClient (not the document client, so N stays a string).
//
// Usage (after `npm ci` in clients/js):
//   PARTITA_ENDPOINT=http://127.0.0.1:8000 \
//   AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita-secret AWS_REGION=us-east-1 \
//   node clients/js/scenario.mjs
//
// Exits 0 and prints "SCENARIO OK js" as its last line when every step
// passed; otherwise exits 1 with a "FAIL [step] ..." message saying what differed.

import { randomBytes, randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import { StepFailed, fail, show, sleep, listTables, clientFromEnv, runSteps } from "./harness.mjs";
import {
  CreateTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  GetItemCommand,
  UpdateItemCommand,
  DeleteItemCommand,
  QueryCommand,
  ScanCommand,
  DeleteTableCommand,
  BatchWriteItemCommand,
  BatchGetItemCommand,
  TransactWriteItemsCommand,
  TransactGetItemsCommand,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DynamoDBStreamsClient,
  ListStreamsCommand,
  DescribeStreamCommand,
  GetShardIteratorCommand,
  GetRecordsCommand,
} from "@aws-sdk/client-dynamodb-streams";

const CLIENT = "js";

// ---------------------------------------------------------------- helpers ---


/** Make an AttributeValue map comparable: sets (SS/NS/BS) compare as sets, B as plain bytes. */
function normalize(value) {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString("hex") };
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      if ((k === "SS" || k === "NS") && Array.isArray(v)) out[k] = [...v].sort();
      else if (k === "BS" && Array.isArray(v)) out[k] = v.map(normalize).sort((a, b) => (a.bytes < b.bytes ? -1 : 1));
      else out[k] = normalize(v);
    }
    return out;
  }
  return value;
}

function expect(step, actual, expected, what = "value") {
  const a = normalize(actual);
  const e = normalize(expected);
  if (!isDeepStrictEqual(a, e)) {
    let where = "";
    if (a && e && typeof a === "object" && typeof e === "object" && !Array.isArray(a) && !Array.isArray(e)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(e)])].filter((k) => !isDeepStrictEqual(a[k], e[k]));
      where = ` in ${show(keys.sort())}`;
    }
    fail(step, `${what} differs${where}\n  expected: ${show(e)}\n  actual:   ${show(a)}`);
  }
  console.log(`  ok  ${step}: ${what}`);
}

/** Run fn(); it must reject with this error name and HTTP status. Returns the error. */
async function expectError(step, fn, code, status = 400) {
  let result;
  try {
    result = await fn();
  } catch (err) {
    if (err instanceof StepFailed) throw err;
    if (err.name !== code) fail(step, `expected error ${code}, got ${err.name}: ${err.message}`);
    const got = err.$metadata?.httpStatusCode;
    if (got !== status) fail(step, `expected HTTP ${status} for ${code}, got ${got}`);
    console.log(`  ok  ${step}: ${code} (HTTP ${got})`);
    return err;
  }
  fail(step, `expected error ${code}, but the call succeeded: ${show(result)}`);
}


// ------------------------------------------------------------------- data ---

const PK = "USER#alice";

const PROFILE = {
  PK: { S: PK },
  SK: { S: "PROFILE" },
  entity: { S: "User" },
  username: { S: "alice" },
  email: { S: "alice@example.com" },
  createdAt: { S: "2025-01-15T10:00:00Z" },
  tags: { SS: ["admin", "beta"] },
  prefs: { M: { theme: { S: "dark" }, notifications: { BOOL: true } } },
  avatar: { B: Uint8Array.from([0x00, 0xff, 0x10, 0x80, 0x7f]) },
};

const PENDING_INDEX = "ORDERS#PENDING"; // GSI1PK of a pending order
const SHIPPED_INDEX = "ORDERS#SHIPPED"; // GSI1PK of a shipped order

function order(n, amount, sku, qty, date, extra = {}) {
  return {
    PK: { S: PK },
    SK: { S: `ORDER#2025-00${n}` },
    entity: { S: "Order" },
    status: { S: "PENDING" },
    amount: { N: amount },
    items: { L: [{ M: { sku: { S: sku }, qty: { N: qty } } }] },
    // GSI1 (overloaded, sparse): orders by status, by date; the profile has neither.
    GSI1PK: { S: PENDING_INDEX },
    GSI1SK: { S: `${date}#00${n}` },
    ...extra,
  };
}

const ORDERS = [
  order(1, "129.99", "SKU-RED-MUG", "2", "2025-01-05"),
  // 38 significant digits: must round-trip as exactly this string.
  order(2, "12345678901234567890.123456789012345678", "SKU-GPU-9000", "1", "2025-02-11"),
  order(3, "0.5", "SKU-STICKER", "10", "2025-01-20", { note: { NULL: true } }),
];

const SHIPPED_AT = "2025-01-16T09:30:00Z";

const GSI1 = {
  IndexName: "GSI1",
  KeySchema: [
    { AttributeName: "GSI1PK", KeyType: "HASH" },
    { AttributeName: "GSI1SK", KeyType: "RANGE" },
  ],
  Projection: { ProjectionType: "ALL" },
};

const key = (sk) => ({ PK: { S: PK }, SK: { S: sk } });

// Step 11's batch load: 30 products p01..p30 (more than BatchWriteItem's 25 per request),
// all in the GSI1 partition PRODUCTS, sorted there by product id.
const PRODUCTS_INDEX = "PRODUCTS";
const PRODUCT_COUNT = 30;
const BATCH_WRITE_MAX = 25; // requests per BatchWriteItem call
const MAX_ROUNDS = 8; // calls per chunk while UnprocessedItems is not empty

const productId = (n) => `p${String(n).padStart(2, "0")}`;
const productKey = (n) => ({ PK: { S: `PRODUCT#${productId(n)}` }, SK: { S: "PRODUCT" } });
/** Product n (1-30), with stock 10 * n unless given. */
const product = (n, stock = 10 * n) => ({
  ...productKey(n),
  entity: { S: "Product" },
  stock: { N: String(stock) },
  GSI1PK: { S: PRODUCTS_INDEX },
  GSI1SK: { S: productId(n) },
});

// Step 12's orders of product p01 (stock 10), each placed by one TransactWriteItems.
const ORDER4 = order(4, "19.98", "p01", "2", "2025-03-01"); // placed: stock 10 -> 8
const ORDER5 = order(5, "89.91", "p01", "9", "2025-03-02"); // refused: 9 > 8
const ORDER6 = order(6, "9.99", "p01", "1", "2025-03-03"); // placed once, sent twice: 8 -> 7

const UPDATE = {
  UpdateExpression: "SET #s = :shipped, shippedAt = :t, GSI1PK = :shippedIndex ADD version :one",
  ConditionExpression: "#s = :pending",
  ExpressionAttributeNames: { "#s": "status" },
  ExpressionAttributeValues: {
    ":shipped": { S: "SHIPPED" },
    ":pending": { S: "PENDING" },
    ":t": { S: SHIPPED_AT },
    ":shippedIndex": { S: SHIPPED_INDEX },
    ":one": { N: "1" },
  },
  ReturnValues: "ALL_NEW",
};

const SHIPPED_ORDER1 = {
  ...ORDERS[0],
  status: { S: "SHIPPED" },
  shippedAt: { S: SHIPPED_AT },
  GSI1PK: { S: SHIPPED_INDEX },
  version: { N: "1" },
};

const LATEST_ORDERS = {
  KeyConditionExpression: "PK = :pk AND begins_with(SK, :order)",
  ExpressionAttributeValues: { ":pk": { S: PK }, ":order": { S: "ORDER#" } },
  ScanIndexForward: false,
  Limit: 2,
};

const PENDING_ORDERS = {
  IndexName: "GSI1",
  KeyConditionExpression: "GSI1PK = :p",
  ExpressionAttributeValues: { ":p": { S: PENDING_INDEX } },
};

// ------------------------------------------------------------------ steps ---


function makeSteps(ddb, table, state, streams) {
  const get = (sk) => ddb.send(new GetItemCommand({ TableName: table, Key: key(sk), ConsistentRead: true }));
  const query = (input) => ddb.send(new QueryCommand({ TableName: table, ...input }));

  /** BatchWriteItem of any number of write requests: in calls of at most 25, each followed
   * through UnprocessedItems until empty (with a backoff), as the guides say. Returns the number
   * of requests of each first call of a chunk, and the retries. */
  async function batchWriteAll(step, requests) {
    const sizes = [];
    let retries = 0;
    for (let start = 0; start < requests.length; start += BATCH_WRITE_MAX) {
      let pending = { [table]: requests.slice(start, start + BATCH_WRITE_MAX) };
      sizes.push(pending[table].length);
      for (let attempt = 0; ; attempt++) {
        if (attempt === MAX_ROUNDS) fail(step, `UnprocessedItems still not empty after ${MAX_ROUNDS} calls: ${show(pending)}`);
        const resp = await ddb.send(new BatchWriteItemCommand({ RequestItems: pending }));
        pending = resp.UnprocessedItems ?? {};
        if (Object.keys(pending).length === 0) break;
        retries++;
        await sleep(50 * 2 ** attempt);
      }
    }
    return { sizes, retries };
  }

  /** TransactWriteItems: stock of p01 minus the order's quantity if there is enough, and the
   * order put if it does not exist yet. */
  const buy = (orderItem, token) => ddb.send(new TransactWriteItemsCommand({
    TransactItems: [
      {
        Update: {
          TableName: table,
          Key: productKey(1),
          UpdateExpression: "SET stock = stock - :q",
          ConditionExpression: "stock >= :q",
          ExpressionAttributeValues: { ":q": orderItem.items.L[0].M.qty },
        },
      },
      { Put: { TableName: table, Item: orderItem, ConditionExpression: "attribute_not_exists(PK)" } },
    ],
    ...(token ? { ClientRequestToken: token } : {}),
  }));
  const stock = async () =>
    (await ddb.send(new GetItemCommand({ TableName: table, Key: productKey(1), ConsistentRead: true }))).Item?.stock;
  const orderCount = async () => (await query({
    KeyConditionExpression: "PK = :pk AND begins_with(SK, :order)",
    ExpressionAttributeValues: { ":pk": { S: PK }, ":order": { S: "ORDER#" } },
    Select: "COUNT",
    ConsistentRead: true,
  })).Count;

  return [
    async function step01_createTable() {
      const step = "1 CreateTable";
      const resp = await ddb.send(
        new CreateTableCommand({
          TableName: table,
          AttributeDefinitions: [
            { AttributeName: "PK", AttributeType: "S" },
            { AttributeName: "SK", AttributeType: "S" },
            { AttributeName: "GSI1PK", AttributeType: "S" },
            { AttributeName: "GSI1SK", AttributeType: "S" },
          ],
          KeySchema: [
            { AttributeName: "PK", KeyType: "HASH" },
            { AttributeName: "SK", KeyType: "RANGE" },
          ],
          GlobalSecondaryIndexes: [GSI1],
          BillingMode: "PAY_PER_REQUEST",
        }),
      );
      expect(step, resp.TableDescription?.TableName, table, "TableName");
      const deadline = Date.now() + 60_000;
      let desc;
      for (;;) {
        desc = (await ddb.send(new DescribeTableCommand({ TableName: table }))).Table;
        const indexes = desc.GlobalSecondaryIndexes ?? [];
        if (desc.TableStatus === "ACTIVE" && indexes.every((i) => i.IndexStatus === "ACTIVE")) break;
        if (Date.now() > deadline) {
          fail(step, `table or index not ACTIVE after 60 s (status ${desc.TableStatus}, indexes ${show(indexes.map((i) => i.IndexStatus))})`);
        }
        await sleep(500);
      }
      expect(step, desc.TableStatus, "ACTIVE", "DescribeTable TableStatus");
      expect(step, desc.KeySchema, [
        { AttributeName: "PK", KeyType: "HASH" },
        { AttributeName: "SK", KeyType: "RANGE" },
      ], "DescribeTable KeySchema");
      expect(step, [...desc.AttributeDefinitions].sort((a, b) => a.AttributeName.localeCompare(b.AttributeName)), [
        { AttributeName: "GSI1PK", AttributeType: "S" },
        { AttributeName: "GSI1SK", AttributeType: "S" },
        { AttributeName: "PK", AttributeType: "S" },
        { AttributeName: "SK", AttributeType: "S" },
      ], "DescribeTable AttributeDefinitions");
      expect(step, (desc.GlobalSecondaryIndexes ?? []).map(
        (i) => ({ IndexName: i.IndexName, KeySchema: i.KeySchema, Projection: i.Projection, IndexStatus: i.IndexStatus })),
      [{ ...GSI1, IndexStatus: "ACTIVE" }], "DescribeTable GlobalSecondaryIndexes");
      expect(step, desc.BillingModeSummary?.BillingMode, "PAY_PER_REQUEST", "DescribeTable BillingModeSummary.BillingMode");
    },

    async function step02_putProfile() {
      const resp = await ddb.send(new PutItemCommand({ TableName: table, Item: PROFILE }));
      expect("2 PutItem profile", resp.Attributes, undefined, "no Attributes returned (ReturnValues NONE)");
    },

    async function step03_putOrders() {
      for (const o of ORDERS) await ddb.send(new PutItemCommand({ TableName: table, Item: o }));
      console.log(`  ok  3 PutItem orders: ${ORDERS.length} written`);
    },

    async function step04_getItems() {
      expect("4 GetItem PROFILE", (await get("PROFILE")).Item, PROFILE, "item");
      for (const o of ORDERS) {
        expect(`4 GetItem ${o.SK.S}`, (await get(o.SK.S)).Item, o, "item");
      }
    },

    async function step05_conditionalUpdate() {
      const step = "5 UpdateItem ORDER#2025-001";
      const resp = await ddb.send(new UpdateItemCommand({ TableName: table, Key: key("ORDER#2025-001"), ...UPDATE }));
      const attrs = resp.Attributes ?? {};
      expect(step, attrs.status, { S: "SHIPPED" }, "status");
      expect(step, attrs.version, { N: "1" }, "version");
      expect(step, attrs, SHIPPED_ORDER1, "ALL_NEW attributes");
    },

    async function step06_conditionalUpdateFails() {
      const step = "6 UpdateItem again";
      await expectError(step,
        () => ddb.send(new UpdateItemCommand({ TableName: table, Key: key("ORDER#2025-001"), ...UPDATE })),
        "ConditionalCheckFailedException");
      expect(step, (await get("ORDER#2025-001")).Item, SHIPPED_ORDER1, "item unchanged by the failed update");
    },

    // Steps 6a-6e read the item collection as it stands after step 6: the profile and
    // the three orders, ORDER#2025-001 shipped.

    async function step06a_queryCollection() {
      const step = "6a Query item collection";
      const resp = await query({
        KeyConditionExpression: "PK = :pk",
        ExpressionAttributeValues: { ":pk": { S: PK } },
        ConsistentRead: true,
      });
      const items = resp.Items ?? [];
      expect(step, items.map((i) => i.SK?.S), ["ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003", "PROFILE"], "sort keys, ascending");
      expect(step, items, [SHIPPED_ORDER1, ORDERS[1], ORDERS[2], PROFILE], "items equal GetItem's");
      expect(step, resp.Count, 4, "Count");
      expect(step, resp.ScannedCount, 4, "ScannedCount");
      expect(step, resp.LastEvaluatedKey, undefined, "no LastEvaluatedKey");
    },

    async function step06b_queryLatestOrdersPaged() {
      let step = "6b Query latest orders, page 1";
      let resp = await query(LATEST_ORDERS);
      let items = resp.Items ?? [];
      expect(step, items.map((i) => i.SK?.S), ["ORDER#2025-003", "ORDER#2025-002"], "sort keys, descending");
      expect(step, items, [ORDERS[2], ORDERS[1]], "items");
      expect(step, resp.Count, 2, "Count");
      expect(step, resp.LastEvaluatedKey, key("ORDER#2025-002"), "LastEvaluatedKey");
      step = "6b Query latest orders, page 2";
      resp = await query({ ...LATEST_ORDERS, ExclusiveStartKey: resp.LastEvaluatedKey });
      items = resp.Items ?? [];
      expect(step, items.map((i) => i.SK?.S), ["ORDER#2025-001"], "sort keys");
      expect(step, items, [SHIPPED_ORDER1], "items");
      expect(step, resp.Count, 1, "Count");
      expect(step, resp.LastEvaluatedKey, undefined, "no LastEvaluatedKey (page not cut by Limit)");
    },

    async function step06c_queryFilterProjection() {
      const step = "6c Query filter and projection";
      const resp = await query({
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :order)",
        FilterExpression: "#s = :shipped",
        ProjectionExpression: "SK, #s",
        ExpressionAttributeNames: { "#s": "status" },
        ExpressionAttributeValues: { ":pk": { S: PK }, ":order": { S: "ORDER#" }, ":shipped": { S: "SHIPPED" } },
      });
      expect(step, resp.Items, [{ SK: { S: "ORDER#2025-001" }, status: { S: "SHIPPED" } }], "projected items");
      expect(step, resp.Count, 1, "Count");
      expect(step, resp.ScannedCount, 3, "ScannedCount");
    },

    async function step06d_queryFilterOnKeyFails() {
      const step = "6d Query filter on a key attribute";
      const err = await expectError(step,
        () => query({
          KeyConditionExpression: "PK = :pk",
          FilterExpression: "SK = :x",
          ExpressionAttributeValues: { ":pk": { S: PK }, ":x": { S: "PROFILE" } },
        }),
        "ValidationException");
      const want = "Filter Expression can only contain non-primary key attributes";
      if (!err.message?.includes(want)) fail(step, `message does not contain ${show(want)}: ${show(err.message)}`);
      console.log(`  ok  ${step}: message: ${err.message}`);
    },

    async function step06e_scanCount() {
      const step = "6e Scan Select COUNT";
      const resp = await ddb.send(new ScanCommand({ TableName: table, Select: "COUNT" }));
      expect(step, resp.Count, 4, "Count");
      expect(step, resp.ScannedCount, 4, "ScannedCount");
      expect(step, resp.Items, undefined, "no Items");
    },

    // Steps 6f-6h query the GSI1 index: orders by status (GSI1PK), by date (GSI1SK).
    // The profile has no GSI1 attributes, so it is never in the index (sparse).

    async function step06f_queryGsi() {
      const step = "6f Query GSI1 pending orders";
      const resp = await query(PENDING_ORDERS);
      const items = resp.Items ?? [];
      expect(step, items.map((i) => i.GSI1SK?.S), ["2025-01-20#003", "2025-02-11#002"], "GSI1SK, ascending (no profile)");
      expect(step, items, [ORDERS[2], ORDERS[1]], "items (Projection ALL)");
      expect(step, resp.Count, 2, "Count");
      expect(step, resp.ScannedCount, 2, "ScannedCount");
      expect(step, resp.LastEvaluatedKey, undefined, "no LastEvaluatedKey");
    },

    async function step06g_queryGsiPaged() {
      let step = "6g Query GSI1 pending orders, page 1";
      let resp = await query({ ...PENDING_ORDERS, Limit: 1 });
      expect(step, resp.Items, [ORDERS[2]], "items");
      const { GSI1PK, GSI1SK, PK: pk, SK } = ORDERS[2];
      expect(step, resp.LastEvaluatedKey, { GSI1PK, GSI1SK, PK: pk, SK }, "LastEvaluatedKey (index and table keys)");
      step = "6g Query GSI1 pending orders, page 2";
      resp = await query({ ...PENDING_ORDERS, ExclusiveStartKey: resp.LastEvaluatedKey });
      expect(step, resp.Items, [ORDERS[1]], "items");
      expect(step, resp.LastEvaluatedKey, undefined, "no LastEvaluatedKey");
      step = "6g Query GSI1 shipped orders";
      resp = await query({
        IndexName: "GSI1",
        KeyConditionExpression: "GSI1PK = :s",
        ExpressionAttributeValues: { ":s": { S: SHIPPED_INDEX } },
      });
      expect(step, resp.Items, [SHIPPED_ORDER1], "items");
    },

    async function step06h_queryGsiConsistentFails() {
      const step = "6h Query GSI1 ConsistentRead";
      const err = await expectError(step, () => query({ ...PENDING_ORDERS, ConsistentRead: true }), "ValidationException");
      const want = "Consistent reads are not supported on global secondary indexes";
      if (!err.message?.includes(want)) fail(step, `message does not contain ${show(want)}: ${show(err.message)}`);
      console.log(`  ok  ${step}: message: ${err.message}`);
    },

    async function step07_putIfAbsentFails() {
      const step = "7 PutItem attribute_not_exists";
      const newProfile = { ...PROFILE, email: { S: "alice@new.example.com" } };
      const err = await expectError(step,
        () => ddb.send(new PutItemCommand({
          TableName: table,
          Item: newProfile,
          ConditionExpression: "attribute_not_exists(PK)",
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        })),
        "ConditionalCheckFailedException");
      if (!err.Item) fail(step, `no Item on the error: ${show({ ...err })}`);
      expect(step, err.Item.username, { S: "alice" }, "error Item username");
      expect(step, err.Item, PROFILE, "error Item (ALL_OLD)");
      expect(step, (await get("PROFILE")).Item, PROFILE, "profile unchanged");
    },

    async function step08_validationError() {
      await expectError("8 GetItem key without SK",
        () => ddb.send(new GetItemCommand({ TableName: table, Key: { PK: { S: PK } } })),
        "ValidationException");
    },

    async function step09_missingTable() {
      await expectError("9 GetItem missing table",
        () => ddb.send(new GetItemCommand({ TableName: `${table}-missing`, Key: key("PROFILE") })),
        "ResourceNotFoundException");
    },

    async function step10_deleteItem() {
      const step = "10 DeleteItem ORDER#2025-002";
      const resp = await ddb.send(new DeleteItemCommand({ TableName: table, Key: key("ORDER#2025-002"), ReturnValues: "ALL_OLD" }));
      expect(step, resp.Attributes, ORDERS[1], "ALL_OLD attributes");
      expect(step, (await get("ORDER#2025-002")).Item, undefined, "GetItem after delete has no Item");
    },

    // Step 11: the batch load (30 products), read back by BatchGetItem and through GSI1.

    async function step11a_batchWrite() {
      const step = "11a BatchWriteItem 30 products";
      const requests = [];
      for (let n = 1; n <= PRODUCT_COUNT; n++) requests.push({ PutRequest: { Item: product(n) } });
      const { sizes, retries } = await batchWriteAll(step, requests);
      expect(step, sizes, [25, 5], "requests per BatchWriteItem call");
      console.log(`  ok  ${step}: UnprocessedItems followed until empty (${retries} retries)`);
    },

    async function step11b_batchGet() {
      const step = "11b BatchGetItem 3 products and a missing key";
      const resp = await ddb.send(new BatchGetItemCommand({
        RequestItems: {
          [table]: {
            Keys: [productKey(1), productKey(15), productKey(99), productKey(30)],
            ProjectionExpression: "PK, stock",
            ConsistentRead: true,
          },
        },
      }));
      expect(step, Object.keys(resp.Responses ?? {}), [table], "Responses tables");
      const items = [...resp.Responses[table]].sort((a, b) => (a.PK.S < b.PK.S ? -1 : 1)); // order is unspecified
      expect(step, items, [1, 15, 30].map((n) => ({ PK: product(n).PK, stock: product(n).stock })),
        "projected items, as a set (no item for PRODUCT#p99)");
      expect(step, resp.UnprocessedKeys, {}, "UnprocessedKeys empty");
    },

    async function step11c_queryGsiProducts() {
      const step = "11c Query GSI1 products";
      const resp = await query({
        IndexName: "GSI1",
        KeyConditionExpression: "GSI1PK = :p",
        ExpressionAttributeValues: { ":p": { S: PRODUCTS_INDEX } },
      });
      expect(step, resp.Count, PRODUCT_COUNT, "Count");
      expect(step, (resp.Items ?? []).map((i) => i.GSI1SK?.S),
        Array.from({ length: PRODUCT_COUNT }, (_, i) => productId(i + 1)), "GSI1SK, ascending");
      expect(step, resp.LastEvaluatedKey, undefined, "no LastEvaluatedKey");
    },

    async function step11d_batchWriteDuplicatesFail() {
      const step = "11d BatchWriteItem same item twice";
      await expectError(step,
        () => ddb.send(new BatchWriteItemCommand({
          RequestItems: { [table]: [{ PutRequest: { Item: product(31) } }, { PutRequest: { Item: product(31, 1) } }] },
        })),
        "ValidationException");
      const got = await ddb.send(new GetItemCommand({ TableName: table, Key: productKey(31), ConsistentRead: true }));
      expect(step, got.Item, undefined, "nothing written (PRODUCT#p31 absent)");
    },

    // Step 12: the guides' inventory transaction: take stock of p01 and place an order, or neither.

    async function step12a_transaction() {
      const step = "12a TransactWriteItems order 4 (2 of p01)";
      expect(step, await orderCount(), 2, "orders before (001 and 003)");
      await buy(ORDER4);
      expect(step, await stock(), { N: "8" }, "stock 10 - 2");
      expect(step, (await get(ORDER4.SK.S)).Item, ORDER4, "order placed");
      expect(step, await orderCount(), 3, "order count");
    },

    async function step12b_transactionCancelled() {
      const step = "12b TransactWriteItems order 5 (9 of p01, 8 in stock)";
      const err = await expectError(step, () => buy(ORDER5), "TransactionCanceledException");
      if (!err.CancellationReasons) fail(step, `no CancellationReasons on the error: ${show({ ...err })}`);
      expect(step, err.CancellationReasons.map((r) => r.Code), ["ConditionalCheckFailed", "None"],
        "CancellationReasons codes, in request order");
      expect(step, await stock(), { N: "8" }, "stock unchanged");
      expect(step, (await get(ORDER5.SK.S)).Item, undefined, "order 5 not placed");
      expect(step, await orderCount(), 3, "order count unchanged");
    },

    async function step12c_transactionIdempotent() {
      const step = "12c TransactWriteItems order 6 twice, one ClientRequestToken";
      const token = randomUUID();
      await buy(ORDER6, token);
      await buy(ORDER6, token); // the same request, same token: succeeds without applying again
      expect(step, await stock(), { N: "7" }, "stock 8 - 1, once");
      expect(step, (await get(ORDER6.SK.S)).Item, ORDER6, "order placed");
      expect(step, await orderCount(), 4, "order count");
    },

    async function step12d_transactGet() {
      const step = "12d TransactGetItems order 4 and p01";
      const resp = await ddb.send(new TransactGetItemsCommand({
        TransactItems: [
          { Get: { TableName: table, Key: key(ORDER4.SK.S) } },
          { Get: { TableName: table, Key: productKey(1) } },
        ],
      }));
      expect(step, resp.Responses, [{ Item: ORDER4 }, { Item: product(1, 7) }], "Responses, in request order");
    },

    // ------------------------------------------------------------------ Streams

    async function stepS1_stream() {
      let step = "S1 UpdateTable StreamSpecification NEW_AND_OLD_IMAGES";
      const updated = await ddb.send(new UpdateTableCommand({
        TableName: table,
        StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
      }));
      const desc = updated.TableDescription;
      expect(step, desc.StreamSpecification, { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
        "StreamSpecification");
      const arn = desc.LatestStreamArn ?? "";
      if (!arn.startsWith("arn:aws:dynamodb:") || !arn.includes(`:table/${table}/stream/`)) {
        fail(step, `LatestStreamArn is not a stream ARN of the table: ${show(arn)}`);
      }
      expect(step, arn.endsWith(`/stream/${desc.LatestStreamLabel}`), true, "ARN ends with the label");
      for (const deadline = Date.now() + 60_000; ;) { // the service shows UPDATING for a few seconds
        const t = (await ddb.send(new DescribeTableCommand({ TableName: table }))).Table;
        if (t.TableStatus === "ACTIVE") break;
        if (Date.now() > deadline) fail(step, "table not ACTIVE 60 s after UpdateTable");
        await sleep(500);
      }

      step = "S1 UpdateTable enabling the stream again";
      const again = await expectError(step, () => ddb.send(new UpdateTableCommand({
        TableName: table,
        StreamSpecification: { StreamEnabled: true, StreamViewType: "KEYS_ONLY" },
      })), "ValidationException");
      expect(step, again.message, `Table already has an enabled stream: TableName: ${table}`, "message");

      // the writes: INSERT, MODIFY, the same item again (no record), REMOVE, a delete of nothing (no record)
      const k = { PK: { S: "STREAM#s1" }, SK: { S: "ITEM" } };
      const first = { ...k, v: { N: "1" }, note: { S: "first" } };
      const second = { ...k, v: { N: "2" }, note: { S: "first" } };
      await ddb.send(new PutItemCommand({ TableName: table, Item: first }));
      await ddb.send(new UpdateItemCommand({ TableName: table, Key: k, UpdateExpression: "SET v = :v",
        ExpressionAttributeValues: { ":v": { N: "2" } } }));
      await ddb.send(new PutItemCommand({ TableName: table, Item: second }));
      await ddb.send(new DeleteItemCommand({ TableName: table, Key: k }));
      await ddb.send(new DeleteItemCommand({ TableName: table, Key: k }));
      const expected = [["INSERT", undefined, first], ["MODIFY", first, second], ["REMOVE", second, undefined]];

      step = "S1 ListStreams";
      const listed = (await streams.send(new ListStreamsCommand({ TableName: table }))).Streams;
      expect(step, listed.map((s) => [s.StreamArn, s.TableName]), [[arn, table]], "the table's one stream");

      step = "S1 DescribeStream";
      let d;
      for (const deadline = Date.now() + 60_000; ;) { // the service shows ENABLING for a few seconds
        d = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription;
        if (d.StreamStatus === "ENABLED" || Date.now() > deadline) break;
        await sleep(1000);
      }
      expect(step, { StreamArn: d.StreamArn, StreamStatus: d.StreamStatus, StreamViewType: d.StreamViewType,
        TableName: d.TableName }, { StreamArn: arn, StreamStatus: "ENABLED", StreamViewType: "NEW_AND_OLD_IMAGES",
        TableName: table }, "stream");
      expect(step, d.KeySchema, [{ AttributeName: "PK", KeyType: "HASH" }, { AttributeName: "SK", KeyType: "RANGE" }],
        "KeySchema");
      if (!d.Shards?.length) fail(step, "no shards");
      for (const shard of d.Shards) {
        if (!/^\d+$/.test(shard.SequenceNumberRange.StartingSequenceNumber)) {
          fail(step, `StartingSequenceNumber is not decimal: ${show(shard)}`);
        }
      }

      step = "S1 GetShardIterator TRIM_HORIZON and GetRecords until empty";
      const records = [];
      for (const shard of d.Shards) { // a new table has one; parents come before their children
        let it = (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.ShardId,
          ShardIteratorType: "TRIM_HORIZON" }))).ShardIterator;
        for (let page = 0; page < 50; page++) {
          const r = await streams.send(new GetRecordsCommand({ ShardIterator: it, Limit: 2 }));
          if (r.Records.length > 2) fail(step, `${r.Records.length} records with Limit 2`);
          records.push(...r.Records);
          it = r.NextShardIterator;
          if (!r.Records.length || !it) break;
        }
      }
      // the stream began after the earlier steps: these writes are all it holds
      expect(step, records.map((r) => [r.eventName, r.dynamodb.OldImage, r.dynamodb.NewImage]), expected,
        "records (eventName, OldImage, NewImage): nothing for the writes that changed nothing");
      const region = await ddb.config.region();
      for (const r of records) {
        expect(step, [r.eventSource, r.eventVersion, r.awsRegion, r.dynamodb.StreamViewType, r.dynamodb.Keys],
          ["aws:dynamodb", "1.1", region, "NEW_AND_OLD_IMAGES", k], "record metadata and Keys");
        if (!(r.dynamodb.ApproximateCreationDateTime instanceof Date) || isNaN(r.dynamodb.ApproximateCreationDateTime)) {
          fail(step, `ApproximateCreationDateTime is not a time: ${show(r.dynamodb)}`);
        }
      }
      const sequences = records.map((r) => BigInt(r.dynamodb.SequenceNumber));
      expect(step, sequences.every((s, i) => i === 0 || s > sequences[i - 1]), true, "sequence numbers increase");
    },

    // ------------------------------------------------------------------------
    // FUTURE STEPS go here, before DeleteTable (they need the table).
    // Add an async function to this list.
    // ------------------------------------------------------------------------

    async function step13_deleteTable() {
      const step = "13 DeleteTable";
      const resp = await ddb.send(new DeleteTableCommand({ TableName: table }));
      state.tableDeleted = true;
      expect(step, resp.TableDescription?.TableName, table, "TableName");
      const deadline = Date.now() + 60_000;
      while ((await listTables(ddb)).includes(table)) {
        if (Date.now() > deadline) fail(step, "table still listed by ListTables 60 s after DeleteTable");
        await sleep(500);
      }
      console.log(`  ok  ${step}: ListTables no longer shows ${table}`);
    },
  ];
}

// ------------------------------------------------------------------- main ---

async function main() {
  const env = clientFromEnv();
  if (!env) return 2;
  const { ddb, endpoint, options } = env;
  // DynamoDB Streams at the same endpoint (step S1); it signs for the service "dynamodb" too
  const streams = new DynamoDBStreamsClient(options);

  const require = createRequire(import.meta.url);
  const sdkVersion = require("@aws-sdk/client-dynamodb/package.json").version;
  const streamsVersion = require("@aws-sdk/client-dynamodb-streams/package.json").version;
  const table = `scenario-js-${randomBytes(6).toString("hex")}`;
  console.log(`${CLIENT}: @aws-sdk/client-dynamodb ${sdkVersion}, @aws-sdk/client-dynamodb-streams ${streamsVersion}, node ${process.version}; endpoint ${endpoint}; table ${table}`);

  const state = { tableDeleted: false };
  return runSteps(CLIENT, ddb, table, state, makeSteps(ddb, table, state, streams));
}

process.exitCode = await main();
