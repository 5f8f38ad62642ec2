// What the JavaScript scenarios share: failing a step, the client built from the environment,
// paging ListTables, and the run loop (steps in order, the table deleted after a failure,
// "SCENARIO OK <client>" or "FAIL [step] ..." and the exit code).

import { inspect } from "node:util";
import { DynamoDBClient, DeleteTableCommand, ListTablesCommand } from "@aws-sdk/client-dynamodb";

export class StepFailed extends Error {}

export function fail(step, message) {
  throw new StepFailed(`FAIL [${step}] ${message}`);
}

export const show = (v) => inspect(v, { depth: null, breakLength: Infinity });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function listTables(ddb) {
  const names = [];
  let start;
  do {
    const resp = await ddb.send(new ListTablesCommand(start ? { ExclusiveStartTableName: start } : {}));
    names.push(...(resp.TableNames ?? []));
    start = resp.LastEvaluatedTableName;
  } while (start);
  return names;
}

/**
 * The low-level client for PARTITA_ENDPOINT with the AWS credential variables, without retries
 * (a server error must show, not be retried away); null, after saying why, when one is missing.
 */
export function clientFromEnv() {
  const endpoint = process.env.PARTITA_ENDPOINT;
  if (!endpoint) {
    console.error("FAIL [setup] PARTITA_ENDPOINT is not set (e.g. http://127.0.0.1:8000)");
    return null;
  }
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
  if (!accessKeyId || !secretAccessKey) {
    console.error("FAIL [setup] AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set");
    return null;
  }
  // SDK releases after early 2027 need node >= 22; the notice about that is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || "us-east-1";
  // the same options serve other clients of the endpoint (the DynamoDB Streams client)
  const options = {
    endpoint,
    region,
    credentials: { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 30_000 },
  };
  const ddb = new DynamoDBClient(options);
  return { ddb, endpoint, options };
}

/**
 * Runs the steps in order; deletes the table after a failure unless a step did (state.tableDeleted);
 * answers the exit code: 0 and "SCENARIO OK <client>", or 1 with the failure on stderr.
 */
export async function runSteps(client, ddb, table, state, steps) {
  let current = "setup";
  try {
    for (const step of steps) {
      current = step.name;
      await step();
    }
  } catch (err) {
    if (err instanceof StepFailed) console.error(err.message);
    else console.error(`FAIL [${current}] unexpected ${err.name}: ${err.message}`
      + (err.cause ? ` (cause: ${err.cause.name}: ${err.cause.message})` : ""));
    return 1;
  } finally {
    if (!state.tableDeleted) {
      // best-effort cleanup after a failure
      await ddb.send(new DeleteTableCommand({ TableName: table })).catch(() => {});
    }
    ddb.destroy();
  }
  console.log(`SCENARIO OK ${client}`);
  return 0;
}
