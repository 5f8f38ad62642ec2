#!/usr/bin/env node
// Partita's vector search scenario with the AWS SDK for JavaScript v3 (issue 38): a table with a
// vector index partitioned by tenant, items written, SearchVectorsCommand with a HASH value and an
// inline filter, the service's refusal of a search vector of the wrong length, and the index added to
// and deleted from a table through UpdateTable.
//
// Usage (after `npm ci` in clients/js):
//   PARTITA_ENDPOINT=http://127.0.0.1:8000 \
//   AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita-secret AWS_REGION=us-east-1 \
//   node clients/js/vector-scenario.mjs
//
// Exits 0 and prints "SCENARIO OK js-vectors" as its last line when every step passed.

import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { fail, show, sleep, clientFromEnv, runSteps } from "./harness.mjs";
import {
  CreateTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  SearchVectorsCommand,
  UpdateTableCommand,
  DeleteTableCommand,
} from "@aws-sdk/client-dynamodb";

const CLIENT = "js-vectors";
const vec = (...xs) => ({ L: xs.map((x) => ({ N: String(x) })) });

function makeSteps(ddb, table, state) {
  const search = (input) => ddb.send(new SearchVectorsCommand({ TableName: table, IndexName: "byMeaning", ...input }));
  return [
    async function createTable() {
      const r = await ddb.send(new CreateTableCommand({
        TableName: table,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [
          { AttributeName: "pk", AttributeType: "S" },
          { AttributeName: "tenant", AttributeType: "S" },
          { AttributeName: "kind", AttributeType: "S" },
        ],
        KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
        VectorIndexes: [{
          IndexName: "byMeaning",
          VectorAttribute: { AttributeName: "embedding" },
          Dimensions: 3,
          DistanceFunction: "COSINE",
          Projection: { ProjectionType: "ALL" },
          SearchSchema: [
            { AttributeName: "tenant", SearchSchemaElementType: "HASH" },
            { AttributeName: "kind", SearchSchemaElementType: "INLINE_FILTER" },
          ],
        }],
      }));
      const index = r.TableDescription.VectorIndexes?.[0];
      if (index?.IndexName !== "byMeaning" || index.Dimensions !== 3) fail("createTable", show(r.TableDescription));
      console.log(`  ok  createTable: ${table} with vector index byMeaning (${index.IndexStatus})`);
    },
    async function putItems() {
      const items = [
        { pk: "a1", tenant: "acme", kind: "doc", embedding: vec(1, 0, 0) },
        { pk: "a2", tenant: "acme", kind: "doc", embedding: vec(0.6, 0.8, 0) },
        { pk: "a3", tenant: "acme", kind: "faq", embedding: vec(0, 1, 0) },
        { pk: "b1", tenant: "bolt", kind: "doc", embedding: vec(1, 0, 0) },
      ];
      for (const i of items) {
        await ddb.send(new PutItemCommand({ TableName: table, Item: {
          pk: { S: i.pk }, tenant: { S: i.tenant }, kind: { S: i.kind }, embedding: i.embedding } }));
      }
      console.log(`  ok  putItems: ${items.length} items with vectors`);
    },
    async function searchOneTenant() {
      const r = await search({
        SearchVector: vec(1, 0, 0).L, TopK: 5,
        SearchConditionExpression: "tenant = :t", ExpressionAttributeValues: { ":t": { S: "acme" } },
        ReturnConsumedCapacity: "TOTAL",
      });
      const got = r.SearchResults.map((x) => [x.Item.pk.S, Math.round(x.Score * 1e6) / 1e6]);
      if (!isDeepStrictEqual(got, [["a1", 0], ["a2", 0.4], ["a3", 1]])) fail("searchOneTenant", show(got));
      if (r.SearchResults[0].Item.embedding) fail("searchOneTenant", "the vector came back by default");
      if (!(r.ConsumedCapacity?.VectorSearchRequestBytes >= 1024)) fail("searchOneTenant", show(r.ConsumedCapacity));
      console.log(`  ok  searchOneTenant: ${show(got)}`);
    },
    async function searchWithAFilter() {
      const r = await search({
        SearchVector: vec(0, 1, 0).L, TopK: 5, ProjectionExpression: "pk, embedding",
        SearchConditionExpression: "tenant = :t AND kind = :k",
        ExpressionAttributeValues: { ":t": { S: "acme" }, ":k": { S: "faq" } },
      });
      const got = r.SearchResults.map((x) => x.Item);
      if (!isDeepStrictEqual(got, [{ pk: { S: "a3" }, embedding: { L: [{ N: "0.0" }, { N: "1.0" }, { N: "0.0" }] } }])) {
        fail("searchWithAFilter", show(got));
      }
      console.log("  ok  searchWithAFilter: the faq only, with its vector as the index holds it");
    },
    async function searchRefusedAsTheServiceRefuses() {
      try {
        await search({ SearchVector: vec(1, 0).L, TopK: 1, SearchConditionExpression: "tenant = :t",
          ExpressionAttributeValues: { ":t": { S: "acme" } } });
        fail("searchRefused", "a 2-dimension search of a 3-dimension index was answered");
      } catch (e) {
        if (e.name !== "ValidationException"
            || e.message !== "Input search vector dimension 2 does not match vector index dimension 3") {
          if (e.name === "StepFailed") throw e;
          fail("searchRefused", `${e.name}: ${e.message}`);
        }
      }
      console.log("  ok  searchRefused: ValidationException, the service's words");
    },
    async function indexDeletedAndAddedAgain() {
      await ddb.send(new UpdateTableCommand({ TableName: table, VectorIndexUpdates: [{ Delete: { IndexName: "byMeaning" } }] }));
      await ddb.send(new UpdateTableCommand({
        TableName: table,
        AttributeDefinitions: [{ AttributeName: "tenant", AttributeType: "S" }],
        VectorIndexUpdates: [{ Create: {
          IndexName: "byMeaning", VectorAttribute: { AttributeName: "embedding" }, Dimensions: 3,
          DistanceFunction: "DOT_PRODUCT", Projection: { ProjectionType: "KEYS_ONLY" },
          SearchSchema: [{ AttributeName: "tenant", SearchSchemaElementType: "HASH" }] } }],
      }));
      let status;
      for (let i = 0; i < 200; i++) {
        const d = await ddb.send(new DescribeTableCommand({ TableName: table }));
        status = d.Table.VectorIndexes?.[0]?.IndexStatus;
        if (status === "ACTIVE") break;
        await sleep(50);
      }
      if (status !== "ACTIVE") fail("indexAddedAgain", `still ${status}`);
      const r = await search({ SearchVector: vec(1, 0, 0).L, TopK: 1, SearchConditionExpression: "tenant = :t",
        ExpressionAttributeValues: { ":t": { S: "bolt" } } });
      if (!isDeepStrictEqual(r.SearchResults, [{ Item: { pk: { S: "b1" } }, Score: 1 }])) fail("indexAddedAgain", show(r));
      console.log("  ok  indexAddedAgain: built from the items, searched with DOT_PRODUCT");
    },
    async function deleteTable() {
      await ddb.send(new DeleteTableCommand({ TableName: table }));
      state.tableDeleted = true;
      console.log(`  ok  deleteTable: ${table}`);
    },
  ];
}

async function main() {
  const env = clientFromEnv();
  if (!env) return 2;
  const { ddb, endpoint } = env;
  const table = `scenario-vectors-${randomBytes(6).toString("hex")}`;
  console.log(`${CLIENT}: node ${process.version}; endpoint ${endpoint}; table ${table}`);
  const state = { tableDeleted: false };
  return runSteps(CLIENT, ddb, table, state, makeSteps(ddb, table, state));
}

process.exitCode = await main();
