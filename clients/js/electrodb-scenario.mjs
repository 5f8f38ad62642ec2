#!/usr/bin/env node
// Partita single-table scenario run with ElectroDB (the single-table-design library for
// TypeScript/JavaScript) over the AWS SDK v3 DocumentClient (@aws-sdk/lib-dynamodb).
//
// One table (pk/sk, GSI gsi1 on gsi1pk/gsi1sk), one ElectroDB Service "shop" with the guides'
// e-commerce entities: customer and order (sharing the collection customerOrders), product.
// ElectroDB builds the keys, conditions and expressions; this script checks what comes back.
//
// Usage (after `npm ci` in clients/js):
//   PARTITA_ENDPOINT=http://127.0.0.1:8000 \
//   AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita-secret AWS_REGION=us-east-1 \
//   node clients/js/electrodb-scenario.mjs
//
// Exits 0 and prints "SCENARIO OK electrodb" as its last line when every step
// passed; otherwise exits 1 with a "FAIL [step] ..." message saying what differed.

import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import { StepFailed, fail, show, sleep, listTables, clientFromEnv, runSteps } from "./harness.mjs";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DeleteTableCommand,
  GetItemCommand,
  ScanCommand,
} from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { Entity, Service } from "electrodb";

const CLIENT = "electrodb";

// ---------------------------------------------------------------- helpers ---


/** ElectroDB returns a string set as an array in no particular order: compare `tags` as a set.
 * AttributeValue SS lists (raw reads) likewise. Undefined members are dropped. */
function normalize(value) {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString("hex") };
  if (value instanceof Set) return [...value].sort();
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      if ((k === "tags" || k === "SS") && Array.isArray(v)) out[k] = [...v].sort();
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


/**
 * Every call the low-level client makes (ElectroDB -> DocumentClient -> DynamoDBClient), with
 * the error it ended in: the operation name, and the error's name and HTTP status.
 */
const calls = [];
function recordCalls(ddb) {
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const call = { op: context.commandName.replace(/Command$/, "") };
      calls.push(call);
      try {
        return await next(args);
      } catch (err) {
        call.error = err.name;
        call.status = err.$metadata?.httpStatusCode;
        throw err;
      }
    },
    { step: "initialize", name: "partitaRecordCalls" },
  );
}

/** Runs fn() and returns the calls it made, as "Op" or "Op -> Error HTTP n". */
async function callsOf(fn) {
  const from = calls.length;
  const result = await fn();
  return { result, made: callsOf.format(calls.slice(from)) };
}
callsOf.format = (list) => list.map((c) => (c.error ? `${c.op} -> ${c.error} HTTP ${c.status}` : c.op));

/**
 * fn() must reject with ElectroDB's error for a DynamoDB error (ElectroError, code 4001 "aws-error")
 * whose cause is `code`, after exactly the low-level calls in `made` (the last one failing with
 * `code`, HTTP 400). Returns the ElectroError.
 */
async function expectAwsError(step, fn, code, made) {
  const from = calls.length;
  let result;
  try {
    result = await fn();
  } catch (err) {
    if (err instanceof StepFailed) throw err;
    if (!err.isElectroError || err.code !== 4001) {
      fail(step, `expected ElectroError 4001 (aws-error), got ${err.name} ${err.code}: ${err.message}`);
    }
    if (err.cause?.name !== code) fail(step, `expected the cause ${code}, got ${err.cause?.name}: ${err.message}`);
    expect(step, callsOf.format(calls.slice(from)), made, `calls made (${code})`);
    return err;
  }
  fail(step, `expected ElectroError with cause ${code}, but the call succeeded: ${show(result)}`);
}

// ------------------------------------------------------------------ model ---

const SERVICE = "shop";

const Customer = {
  model: { entity: "customer", version: "1", service: SERVICE },
  attributes: {
    customerId: { type: "string", required: true },
    name: { type: "string", required: true },
    email: { type: "string", required: true },
    tier: { type: ["standard", "gold"], required: true, default: "standard" },
    points: { type: "number", default: 0 },
    tags: { type: "set", items: "string" },
    address: { type: "map", properties: { city: { type: "string" }, zip: { type: "string" } } },
  },
  indexes: {
    customer: {
      collection: "customerOrders",
      pk: { field: "pk", composite: ["customerId"] },
      sk: { field: "sk", composite: [] },
    },
    byEmail: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["email"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
};

const Order = {
  model: { entity: "order", version: "1", service: SERVICE },
  attributes: {
    customerId: { type: "string", required: true },
    orderId: { type: "string", required: true },
    status: { type: ["pending", "shipped", "cancelled"], required: true, default: "pending" },
    placedAt: { type: "string", required: true },
    total: { type: "number", required: true },
    lines: {
      type: "list",
      items: { type: "map", properties: { sku: { type: "string" }, qty: { type: "number" } } },
    },
    note: { type: "string" },
    shippedAt: { type: "string" },
    version: { type: "number" },
  },
  indexes: {
    orders: {
      collection: "customerOrders",
      pk: { field: "pk", composite: ["customerId"] },
      sk: { field: "sk", composite: ["orderId"] },
    },
    // orders by status, by date: gsi1 is overloaded (customers by email, products by category)
    byStatus: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["status"] },
      sk: { field: "gsi1sk", composite: ["placedAt", "orderId"] },
    },
  },
};

const Product = {
  model: { entity: "product", version: "1", service: SERVICE },
  attributes: {
    productId: { type: "string", required: true },
    name: { type: "string", required: true },
    category: { type: "string", required: true },
    price: { type: "number", required: true },
    stock: { type: "number", required: true },
  },
  indexes: {
    product: {
      pk: { field: "pk", composite: ["productId"] },
      sk: { field: "sk", composite: [] },
    },
    byCategory: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["category"] },
      sk: { field: "gsi1sk", composite: ["productId"] },
    },
  },
};

// ------------------------------------------------------------------- data ---

const ALICE = {
  customerId: "c-alice",
  name: "Alice",
  email: "alice@example.com",
  tags: ["beta", "early"],
  address: { city: "Lisbon", zip: "1100-148" },
};
// what ElectroDB reads back: the defaults filled in by create
const ALICE_READ = { ...ALICE, tier: "standard", points: 0 };
const BOB = { customerId: "c-bob", name: "Bob", email: "bob@example.com" };
const BOB_READ = { ...BOB, tier: "standard", points: 0 };

const order = (customerId, orderId, placedAt, total, lines, extra = {}) => ({
  customerId, orderId, placedAt, total, lines, ...extra,
});
// Alice's five orders, in sort-key (orderId) order, and one of Bob's.
const A11 = order("c-alice", "2024-011", "2024-11-20", 42.5, [{ sku: "p03", qty: 1 }], { status: "shipped" });
const A12 = order("c-alice", "2024-012", "2024-12-24", 19.99, [{ sku: "p02", qty: 1 }]);
const A01 = order("c-alice", "2025-001", "2025-01-05", 129.99, [{ sku: "p05", qty: 2 }, { sku: "p07", qty: 1 }], { note: "gift wrap" });
const A02 = order("c-alice", "2025-002", "2025-02-11", 0.5, [{ sku: "p24", qty: 10 }]);
const A03 = order("c-alice", "2025-003", "2025-01-20", 1000000.25, [{ sku: "p22", qty: 1 }]);
const B04 = order("c-bob", "2025-004", "2025-01-07", 7, [{ sku: "p23", qty: 7 }]);
const pending = (o) => ({ status: "pending", ...o });
const ALICE_ORDERS = [A11, A12, A01, A02, A03].map(pending);
const [A11R, A12R, A01R, A02R, A03R] = ALICE_ORDERS;
const B04R = pending(B04);

const SHIPPED_AT = "2025-01-16T09:30:00Z";
const A01_SHIPPED = { ...A01R, status: "shipped", shippedAt: SHIPPED_AT, version: 1 };
delete A01_SHIPPED.note;

// 30 products p01..p30: p01-p22 are mugs, p23-p30 stickers; stock 10 * n, price n + 0.99.
const PRODUCT_COUNT = 30;
const MUGS = 22;
const productId = (n) => `p${String(n).padStart(2, "0")}`;
const product = (n, stock = 10 * n) => ({
  productId: productId(n),
  name: `${n <= MUGS ? "Mug" : "Sticker"} ${n}`,
  category: n <= MUGS ? "mugs" : "stickers",
  price: n + 0.99,
  stock,
});
const PRODUCTS = Array.from({ length: PRODUCT_COUNT }, (_, i) => product(i + 1));
const PAGE = 8; // ElectroDB's `limit` (DynamoDB's Limit) for the paginated query: 22 mugs = 8 + 8 + 6

// The inventory transaction's orders of p01 (stock 10).
const T05 = order("c-bob", "2025-005", "2025-03-01", 3.98, [{ sku: "p01", qty: 2 }]); // placed: 10 -> 8
const T06 = order("c-bob", "2025-006", "2025-03-02", 17.91, [{ sku: "p01", qty: 9 }]); // refused: 9 > 8

// ------------------------------------------------------------------ steps ---


function makeSteps(ddb, table, state, service) {
  const { customer, order: orders, product: products } = service.entities;
  /** The item as stored, read with the low-level client (AttributeValues). */
  const raw = async (pk, sk) =>
    (await ddb.send(new GetItemCommand({ TableName: table, Key: { pk: { S: pk }, sk: { S: sk } }, ConsistentRead: true }))).Item;
  const itemCount = async () =>
    (await ddb.send(new ScanCommand({ TableName: table, Select: "COUNT", ConsistentRead: true }))).Count;
  const stock = async (n) => (await products.get({ productId: productId(n) }).go({ consistent: true })).data?.stock;

  /** ElectroDB's transaction: take `qty` of p01 if there is that much, and create the order. */
  const buy = (o, qty) =>
    service.transaction
      .write(({ product, order }) => [
        product
          .patch({ productId: "p01" })
          .subtract({ stock: qty })
          .where(({ stock }, { gte }) => gte(stock, qty))
          .commit({ response: "all_old" }), // the product on the cancellation reason, if refused
        order.create(o).commit(),
      ])
      .go();

  return [
    async function step1_createTable() {
      const step = "1 CreateTable";
      const resp = await ddb.send(new CreateTableCommand({
        TableName: table,
        AttributeDefinitions: ["pk", "sk", "gsi1pk", "gsi1sk"].map((n) => ({ AttributeName: n, AttributeType: "S" })),
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: "sk", KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: [{
          IndexName: "gsi1",
          KeySchema: [
            { AttributeName: "gsi1pk", KeyType: "HASH" },
            { AttributeName: "gsi1sk", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        }],
        BillingMode: "PAY_PER_REQUEST",
      }));
      expect(step, resp.TableDescription?.TableName, table, "TableName");
      const deadline = Date.now() + 60_000;
      for (;;) {
        const t = (await ddb.send(new DescribeTableCommand({ TableName: table }))).Table;
        const statuses = [t.TableStatus, ...(t.GlobalSecondaryIndexes ?? []).map((g) => `${g.IndexName}:${g.IndexStatus}`)];
        if (isDeepStrictEqual(statuses, ["ACTIVE", "gsi1:ACTIVE"])) break;
        if (Date.now() > deadline) fail(step, `not ACTIVE after 60 s: ${show(statuses)}`);
        await sleep(200);
      }
      console.log(`  ok  ${step}: table and gsi1 ACTIVE`);
    },

    async function step2_create() {
      const step = "2 create customers and orders";
      const { result, made } = await callsOf(() => customer.create(ALICE).go());
      expect(step, result, { data: ALICE_READ }, "create(alice) returns the item with its defaults");
      expect(step, made, ["PutItem"], "one PutItem");
      expect(step, await customer.create(BOB).go(), { data: BOB_READ }, "create(bob)");
      for (const o of [A11, A12, A01, A02, A03, B04]) {
        const got = await orders.create(o).go();
        expect(step, got, { data: pending(o) }, `create(order ${o.orderId})`);
      }
      expect(step, await itemCount(), 8, "items in the table (2 customers, 6 orders)");
    },

    async function step3_createTwice() {
      const step = "3 create an existing customer";
      await expectAwsError(step, () => customer.create({ ...ALICE, name: "Mallory" }).go(),
        "ConditionalCheckFailedException", ["PutItem -> ConditionalCheckFailedException HTTP 400"]);
      // with ReturnValuesOnConditionCheckFailure ALL_OLD, ElectroDB answers with the existing item
      const rejected = await customer.create({ ...ALICE, name: "Mallory" }).go({ returnOnConditionCheckFailure: "all_old" });
      expect(step, rejected, { rejected: true, data: ALICE_READ }, "returnOnConditionCheckFailure all_old: the existing item");
      expect(step, (await customer.get({ customerId: "c-alice" }).go()).data, ALICE_READ, "alice unchanged");
    },

    async function step4_get() {
      const step = "4 get";
      const { result, made } = await callsOf(() => customer.get({ customerId: "c-alice" }).go({ consistent: true }));
      expect(step, result, { data: ALICE_READ }, "get(alice)");
      expect(step, made, ["GetItem"], "one GetItem");
      expect(step, await orders.get({ customerId: "c-alice", orderId: "2025-001" }).go(), { data: A01R }, "get(order 2025-001)");
      expect(step, await orders.get({ customerId: "c-alice", orderId: "2099-999" }).go(), { data: null }, "get of a missing order");
      // the item as stored: the keys ElectroDB made, its identifiers, numbers, list of maps
      expect(step, await raw("$shop#customerid_c-alice", "$customerorders#order_1#orderid_2025-001"), {
        pk: { S: "$shop#customerid_c-alice" },
        sk: { S: "$customerorders#order_1#orderid_2025-001" },
        gsi1pk: { S: "$shop#status_pending" },
        gsi1sk: { S: "$order_1#placedat_2025-01-05#orderid_2025-001" },
        __edb_e__: { S: "order" },
        __edb_v__: { S: "1" },
        customerId: { S: "c-alice" },
        orderId: { S: "2025-001" },
        status: { S: "pending" },
        placedAt: { S: "2025-01-05" },
        total: { N: "129.99" },
        lines: { L: [
          { M: { sku: { S: "p05" }, qty: { N: "2" } } },
          { M: { sku: { S: "p07" }, qty: { N: "1" } } },
        ] },
        note: { S: "gift wrap" },
      }, "order 2025-001 as stored (low-level GetItem)");
      expect(step, await raw("$shop#customerid_c-alice", "$customerorders#customer_1"), {
        pk: { S: "$shop#customerid_c-alice" },
        sk: { S: "$customerorders#customer_1" },
        gsi1pk: { S: "$shop#email_alice@example.com" },
        gsi1sk: { S: "$customer_1" },
        __edb_e__: { S: "customer" },
        __edb_v__: { S: "1" },
        customerId: { S: "c-alice" },
        name: { S: "Alice" },
        email: { S: "alice@example.com" },
        tier: { S: "standard" },
        points: { N: "0" },
        tags: { SS: ["beta", "early"] },
        address: { M: { city: { S: "Lisbon" }, zip: { S: "1100-148" } } },
      }, "alice as stored (a string set, a map)");
    },

    async function step5_put() {
      const step = "5 put (replace)";
      const carol = { customerId: "c-carol", name: "Carol", email: "carol@example.com", tier: "gold", points: 10 };
      expect(step, await customer.put(carol).go(), { data: carol }, "put(carol), new");
      const replaced = { customerId: "c-carol", name: "Carol B.", email: "carol@example.com", tags: ["vip"] };
      expect(step, await customer.put(replaced).go(), { data: { ...replaced, tier: "standard", points: 0 } }, "put(carol) again");
      expect(step, (await customer.get({ customerId: "c-carol" }).go()).data,
        { ...replaced, tier: "standard", points: 0 }, "the whole item replaced (tier and points back to defaults)");
      expect(step, await itemCount(), 9, "items in the table");
    },

    async function step6_update() {
      const step = "6 patch/update with set, add, remove, where";
      // ship order 2025-001 if it is pending: SET status (and so gsi1pk), ADD version, REMOVE note
      const { result, made } = await callsOf(() => orders
        .patch({ customerId: "c-alice", orderId: "2025-001" })
        .set({ status: "shipped", shippedAt: SHIPPED_AT })
        .add({ version: 1 })
        .remove(["note"])
        .where(({ status }, { eq }) => eq(status, "pending"))
        .go({ response: "all_new" }));
      expect(step, result, { data: A01_SHIPPED }, "patch ... all_new");
      expect(step, made, ["UpdateItem"], "one UpdateItem");
      const stored = await raw("$shop#customerid_c-alice", "$customerorders#order_1#orderid_2025-001");
      expect(step, [stored.gsi1pk, stored.gsi1sk, stored.note, stored.version],
        [{ S: "$shop#status_shipped" }, { S: "$order_1#placedat_2025-01-05#orderid_2025-001" }, undefined, { N: "1" }],
        "stored gsi1pk moved to shipped, gsi1sk kept, note removed, version 1");

      // the same patch again: the where condition fails, nothing changes
      await expectAwsError(step, () => orders
        .patch({ customerId: "c-alice", orderId: "2025-001" })
        .set({ status: "shipped", shippedAt: "2030-01-01T00:00:00Z" })
        .add({ version: 1 })
        .where(({ status }, { eq }) => eq(status, "pending"))
        .go(), "ConditionalCheckFailedException", ["UpdateItem -> ConditionalCheckFailedException HTTP 400"]);
      expect(step, (await orders.get({ customerId: "c-alice", orderId: "2025-001" }).go()).data, A01_SHIPPED, "unchanged");

      // patch requires the item to exist; update (an upsert) does not
      await expectAwsError(step, () => orders.patch({ customerId: "c-alice", orderId: "2099-999" }).set({ note: "x" }).go(),
        "ConditionalCheckFailedException", ["UpdateItem -> ConditionalCheckFailedException HTTP 400"]);
      expect(step, await itemCount(), 9, "patch of a missing order created nothing");

      // update alice: SET name, ADD to a number and to a string set, REMOVE a map
      const got = await customer
        .update({ customerId: "c-alice" })
        .set({ name: "Alice A." })
        .add({ points: 50, tags: ["vip"] })
        .remove(["address"])
        .where(({ tier, points }, { eq, lt }) => `${eq(tier, "standard")} AND ${lt(points, 100)}`)
        .go({ response: "all_new" });
      const alice = { ...ALICE_READ, name: "Alice A.", points: 50, tags: ["beta", "early", "vip"] };
      delete alice.address;
      expect(step, got, { data: alice }, "update(alice) ... all_new");
      // ADD and DELETE on one set in one UpdateExpression: two document paths overlap
      const overlap = await expectAwsError(step,
        () => customer.update({ customerId: "c-alice" }).add({ tags: ["x"] }).delete({ tags: ["beta"] }).go(),
        "ValidationException", ["UpdateItem -> ValidationException HTTP 400"]);
      if (!overlap.cause.message.includes("Two document paths overlap with each other")) {
        fail(step, `the ValidationException does not say the paths overlap: ${overlap.cause.message}`);
      }
      const updatedNew = await customer
        .update({ customerId: "c-alice" })
        .add({ points: 25 })
        .delete({ tags: ["beta"] })
        .go({ response: "updated_new" });
      alice.tags = ["early", "vip"];
      // UPDATED_NEW: every attribute the expression touched; ElectroDB also SETs the key composites
      // (customerId) and its identifiers (__edb_e__, __edb_v__, which it leaves out of data)
      expect(step, updatedNew, { data: { customerId: "c-alice", points: 75, tags: alice.tags } },
        "ADD points, DELETE beta from tags, updated_new");
      expect(step, (await customer.get({ customerId: "c-alice" }).go()).data, { ...alice, points: 75 }, "get(alice)");
    },

    async function step7_delete() {
      const step = "7 delete";
      const { result, made } = await callsOf(() =>
        orders.delete({ customerId: "c-alice", orderId: "2024-011" }).go({ response: "all_old" }));
      expect(step, result, { data: { ...A11R, status: "shipped" } }, "delete(order 2024-011) all_old");
      expect(step, made, ["DeleteItem"], "one DeleteItem");
      expect(step, (await orders.get({ customerId: "c-alice", orderId: "2024-011" }).go()).data, null, "gone");
      // delete with a where condition that does not hold
      await expectAwsError(step, () => orders
        .delete({ customerId: "c-alice", orderId: "2024-012" })
        .where(({ status }, { eq }) => eq(status, "shipped"))
        .go(), "ConditionalCheckFailedException", ["DeleteItem -> ConditionalCheckFailedException HTTP 400"]);
      expect(step, (await orders.get({ customerId: "c-alice", orderId: "2024-012" }).go()).data, A12R, "2024-012 kept");
      expect(step, await itemCount(), 8, "items in the table");
    },

    async function step8_queryMainIndex() {
      const step = "8 query orders (main index, sort-key operators)";
      const q = () => orders.query.orders({ customerId: "c-alice" });
      const ids = (r) => r.data.map((o) => o.orderId);
      const all = await q().go();
      expect(step, all, { data: [A12R, A01_SHIPPED, A02R, A03R], cursor: null },
        "all of alice's orders, sort-key order, never the customer or bob's");
      expect(step, ids(await q().go({ order: "desc" })), ["2025-003", "2025-002", "2025-001", "2024-012"], "order desc");
      expect(step, ids(await q().begins({ orderId: "2025" }).go()), ["2025-001", "2025-002", "2025-003"], "begins 2025");
      expect(step, ids(await q().between({ orderId: "2024-012" }, { orderId: "2025-002" }).go()),
        ["2024-012", "2025-001", "2025-002"], "between 2024-012 and 2025-002 (inclusive)");
      expect(step, ids(await q().gt({ orderId: "2025-001" }).go()), ["2025-002", "2025-003"], "gt 2025-001");
      expect(step, ids(await q().gte({ orderId: "2025-001" }).go({ order: "desc" })), ["2025-003", "2025-002", "2025-001"], "gte 2025-001, desc");
      expect(step, ids(await q().lt({ orderId: "2025-001" }).go()), ["2024-012"], "lt 2025-001");
      expect(step, ids(await orders.query.orders({ customerId: "c-alice", orderId: "2025-002" }).go()), ["2025-002"], "the full key");
      // a filter on top of the key condition
      expect(step, ids(await q().where(({ total }, { gt }) => gt(total, 100)).go()), ["2025-001", "2025-003"], "where total > 100");
      expect(step, (await orders.query.orders({ customerId: "c-nobody" }).go()), { data: [], cursor: null }, "no such customer");
    },

    async function step9_queryGsi() {
      const step = "9 query gsi1 (orders by status, customers by email)";
      const ids = (r) => r.data.map((o) => `${o.placedAt}/${o.orderId}`);
      const { result, made } = await callsOf(() => orders.query.byStatus({ status: "pending" }).go());
      expect(step, ids(result), ["2024-12-24/2024-012", "2025-01-07/2025-004", "2025-01-20/2025-003", "2025-02-11/2025-002"],
        "pending orders of both customers, by date");
      expect(step, result.data[1], B04R, "bob's order, the full item (projection ALL)");
      expect(step, made, ["Query"], "one Query");
      expect(step, ids(await orders.query.byStatus({ status: "pending" }).begins({ placedAt: "2025-01" }).go()),
        ["2025-01-07/2025-004", "2025-01-20/2025-003"], "pending, begins placedAt 2025-01");
      expect(step, await orders.query.byStatus({ status: "shipped" }).go(), { data: [A01_SHIPPED], cursor: null },
        "shipped: 2025-001 (moved there by step 6; 2024-011 deleted)");
      const alice = await customer.query.byEmail({ email: "alice@example.com" }).go();
      expect(step, alice.data.map((c) => c.customerId), ["c-alice"], "customer by email");
    },

    async function step10_batch() {
      const step = "10 batchPut / batchGet";
      const { result, made } = await callsOf(() => products.put(PRODUCTS).go());
      expect(step, result, { unprocessed: [] }, `batchPut of ${PRODUCT_COUNT} products: nothing unprocessed`);
      expect(step, made, ["BatchWriteItem", "BatchWriteItem"], "ElectroDB split them into two BatchWriteItem calls (25 + 5)");
      expect(step, await itemCount(), 8 + PRODUCT_COUNT, "items in the table");

      const keys = ["p01", "p15", "p99", "p30"].map((id) => ({ productId: id }));
      const got = await products.get(keys).go({ consistent: true });
      expect(step, { ...got, data: [...got.data].sort((a, b) => (a.productId < b.productId ? -1 : 1)) },
        { data: [product(1), product(15), product(30)], unprocessed: [] }, "batchGet p01, p15, p99, p30 (as a set)");
      const ordered = await products.get(keys).go({ preserveBatchOrder: true });
      expect(step, ordered, { data: [product(1), product(15), null, product(30)], unprocessed: [] },
        "batchGet with preserveBatchOrder: request order, null for p99");
      const { result: every, made: getCalls } = await callsOf(() =>
        products.get(PRODUCTS.map(({ productId }) => ({ productId }))).go({ preserveBatchOrder: true }));
      expect(step, every, { data: PRODUCTS, unprocessed: [] }, "batchGet of all 30, in request order");
      expect(step, getCalls, ["BatchGetItem"], "batchGet of all 30: one BatchGetItem (up to 100 keys a call)");
    },

    async function step11_pagination() {
      const step = "11 paginate mugs by category (gsi1) with ElectroDB's cursor";
      const seen = [];
      const pages = [];
      let cursor = null;
      do {
        const { result, made } = await callsOf(() => products.query.byCategory({ category: "mugs" }).go({ limit: PAGE, cursor }));
        expect(step, made, ["Query"], `page ${pages.length + 1}: one Query`);
        pages.push(result.data.length);
        seen.push(...result.data);
        cursor = result.cursor;
        if (pages.length > 5) fail(step, `more than 5 pages: ${show(pages)}`);
        if (cursor !== null && typeof cursor !== "string") fail(step, `cursor is neither a string nor null: ${show(cursor)}`);
      } while (cursor);
      expect(step, pages, [8, 8, 6], "page sizes");
      expect(step, seen, PRODUCTS.slice(0, MUGS), "every mug once, by productId");
      const all = await products.query.byCategory({ category: "mugs" }).go({ limit: PAGE, pages: "all" });
      expect(step, all.data.length, MUGS, "pages: all");
      const back = await products.query.byCategory({ category: "stickers" }).go({ order: "desc", limit: 5 });
      expect(step, back.data.map((p) => p.productId), ["p30", "p29", "p28", "p27", "p26"], "stickers desc, first page of 5");
      const rest = await products.query.byCategory({ category: "stickers" }).go({ order: "desc", limit: 5, cursor: back.cursor });
      expect(step, [rest.data.map((p) => p.productId), rest.cursor], [["p25", "p24", "p23"], null], "then the rest, no cursor");
    },

    async function step12_collection() {
      const step = "12 collection customerOrders";
      const { result, made } = await callsOf(() => service.collections.customerOrders({ customerId: "c-alice" }).go());
      const alice = (await customer.get({ customerId: "c-alice" }).go()).data;
      expect(step, result, { data: { customer: [alice], order: [A12R, A01_SHIPPED, A02R, A03R] }, cursor: null },
        "alice and her orders, one query, two entity types");
      expect(step, made, ["Query"], "one Query");
      const bob = await service.collections.customerOrders({ customerId: "c-bob" }).go();
      expect(step, bob, { data: { customer: [BOB_READ], order: [B04R] }, cursor: null }, "bob and his order");
      const carol = await service.collections.customerOrders({ customerId: "c-carol" }).go();
      expect(step, carol.data.order, [], "carol: no orders");
      expect(step, carol.data.customer.map((c) => c.name), ["Carol B."], "carol: the customer");
    },

    async function step13_transaction() {
      const step = "13 inventory transaction";
      expect(step, await stock(1), 10, "p01 stock before");
      const { result, made } = await callsOf(() => buy(T05, 2));
      expect(step, made, ["TransactWriteItems"], "one TransactWriteItems");
      expect(step, result.canceled, false, "not canceled");
      expect(step, result.data.map((r) => [r.rejected, r.code]), [[false, "None"], [false, "None"]], "both applied");
      expect(step, await stock(1), 8, "p01 stock 10 - 2");
      expect(step, (await orders.get({ customerId: "c-bob", orderId: "2025-005" }).go()).data, pending(T05), "order 2025-005 created");

      // overselling: 9 with 8 in stock; the cancellation reasons come back in request order
      const sold = await callsOf(() => buy(T06, 9));
      expect(step, sold.made, ["TransactWriteItems -> TransactionCanceledException HTTP 400"], "TransactionCanceledException");
      expect(step, sold.result.canceled, true, "canceled");
      expect(step, sold.result.data.map((r) => [r.rejected, r.code, r.message]),
        [[true, "ConditionalCheckFailed", "The conditional request failed"], [false, "None", undefined]],
        "reasons in request order: the stock condition failed, the create did not");
      expect(step, sold.result.data[0].item, product(1, 8), "the product as it was (ReturnValuesOnConditionCheckFailure ALL_OLD)");
      expect(step, sold.result.data[1].item, null, "no item on the other reason");
      expect(step, await stock(1), 8, "stock unchanged");
      expect(step, (await orders.get({ customerId: "c-bob", orderId: "2025-006" }).go()).data, null, "order 2025-006 not created");

      // the same order again: its create fails on its own condition (attribute_not_exists)
      const again = await buy(T05, 1);
      expect(step, [again.canceled, again.data.map((r) => [r.rejected, r.code])],
        [true, [[false, "None"], [true, "ConditionalCheckFailed"]]], "order 2025-005 again: the create refused");
      expect(step, await stock(1), 8, "stock unchanged");

      // transaction.get: request order, across entities
      const both = await service.transaction
        .get(({ product, order }) => [
          order.get({ customerId: "c-bob", orderId: "2025-005" }).commit(),
          product.get({ productId: "p01" }).commit(),
          product.get({ productId: "p99" }).commit(),
        ])
        .go();
      expect(step, both, {
        canceled: false,
        data: [
          { rejected: false, item: pending(T05) },
          { rejected: false, item: product(1, 8) },
          { rejected: false, item: null },
        ],
      }, "transaction.get: order, product, missing, in request order");
      const bob = await service.collections.customerOrders({ customerId: "c-bob" }).go();
      expect(step, bob.data.order.map((o) => o.orderId), ["2025-004", "2025-005"], "bob's orders");
      expect(step, await itemCount(), 8 + PRODUCT_COUNT + 1, "items in the table");
    },

    // ------------------------------------------------------------------------
    // FUTURE STEPS go here, before DeleteTable (they need the table).
    // ------------------------------------------------------------------------

    async function step14_deleteTable() {
      const step = "14 DeleteTable";
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
  const { ddb, endpoint } = env;
  recordCalls(ddb);
  const doc = DynamoDBDocumentClient.from(ddb);

  const require = createRequire(import.meta.url);
  const version = (pkg) => require(`${pkg}/package.json`).version;
  const table = `scenario-electrodb-${randomBytes(6).toString("hex")}`;
  console.log(`${CLIENT}: electrodb ${version("electrodb")}, @aws-sdk/lib-dynamodb ${version("@aws-sdk/lib-dynamodb")}, `
    + `@aws-sdk/client-dynamodb ${version("@aws-sdk/client-dynamodb")}, node ${process.version}; endpoint ${endpoint}; table ${table}`);

  const service = new Service(
    { customer: new Entity(Customer), order: new Entity(Order), product: new Entity(Product) },
    { client: doc, table },
  );

  const state = { tableDeleted: false };
  return runSteps(CLIENT, ddb, table, state, makeSteps(ddb, table, state, service));
}

process.exitCode = await main();
