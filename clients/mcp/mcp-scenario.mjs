// Partita's MCP server driven by the official MCP TypeScript SDK as the client (docs/mcp.md):
//   node mcp-scenario.mjs stdio COMMAND ARG...   starts `partita mcp ...` itself and speaks over its stdio
//   node mcp-scenario.mjs http URL               speaks streamable HTTP to a running server's /mcp
// The database must hold the table Blog (pk, sk) with alice's profile and two posts, and a model
// registered for it (McpSdkClientTest prepares both). Initializes, lists the tools, calls several (a
// refusal among them), then does the same read-only (`--read-only` or /mcp/read-only) and sees the
// writing tools gone. Last line on success: MCP OK <transport>; on the first difference it exits 1.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [mode, ...rest] = process.argv.slice(2);

function check(step, ok, detail) {
  if (!ok) {
    console.error(`FAIL [${step}] ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    process.exit(1);
  }
}

function transport(readOnly) {
  if (mode === 'stdio') {
    // the read-only run opens a folder of its own (MCP_READ_ONLY_DATA, seeded alike): the first run's process
    // may still hold its folder's lock for a moment after the SDK closed it
    const [command, ...args] = rest;
    const data = args.indexOf('--data');
    const readOnlyArgs = [...args, '--read-only'];
    if (data >= 0 && process.env.MCP_READ_ONLY_DATA) readOnlyArgs[data + 1] = process.env.MCP_READ_ONLY_DATA;
    return new StdioClientTransport({ command, args: readOnly ? readOnlyArgs : args, env: process.env,
      stderr: 'inherit' });
  }
  check('usage', mode === 'http', `mode ${mode}: expected stdio or http`);
  return new StreamableHTTPClientTransport(new URL(readOnly ? `${rest[0]}/read-only` : rest[0]));
}

async function connect(readOnly) {
  const client = new Client({ name: 'partita-mcp-scenario', version: '1.0.0' });
  await client.connect(transport(readOnly));
  return client;
}

/** A tool's answer: its text read as JSON (a refusal fails the step). */
async function ok(client, name, args) {
  const r = await client.callTool({ name, arguments: args });
  check(name, !r.isError, r.content?.[0]?.text);
  return JSON.parse(r.content[0].text);
}

/** A tool's refusal text: TYPE: message (a success fails the step). */
async function refused(client, name, args) {
  const r = await client.callTool({ name, arguments: args });
  check(name, r.isError === true, r);
  return r.content[0].text;
}

const S = (s) => ({ S: s });

const client = await connect(false);
check('initialize', client.getServerVersion()?.name === 'partita', client.getServerVersion());
check('capabilities', client.getServerCapabilities()?.tools !== undefined, client.getServerCapabilities());
const { tools } = await client.listTools();
const names = tools.map((t) => t.name);
for (const t of ['list_tables', 'describe_table', 'get_item', 'put_item', 'query', 'scan', 'item_collection',
  'list_access_patterns', 'run_access_pattern', 'execute_partiql', 'save_snapshot', 'restore_snapshot', 'hot_keys']) {
  check('tools/list', names.includes(t), `${t} missing from ${names}`);
}
check('schemas', tools.every((t) => t.inputSchema.type === 'object'), tools);

const tables = await ok(client, 'list_tables', {});
check('list_tables', tables.tables.includes('Blog') && tables.withRegisteredModel.includes('Blog'), tables);

await ok(client, 'put_item', { table: 'Blog', item: { pk: S('USER#alice'), sk: S('POST#2025-03-01#p3'),
  _type: S('Post'), title: S('Third') } });
const got = await ok(client, 'get_item', { table: 'Blog', key: { pk: S('USER#alice'), sk: S('POST#2025-03-01#p3') },
  consistentRead: true });
check('get_item', got.Item?.title?.S === 'Third', got);

// a query, a page at a time
const seen = [];
let cursor;
do {
  const page = await ok(client, 'query', { table: 'Blog', keyCondition: 'pk = :pk', values: { ':pk': S('USER#alice') },
    limit: 2, ...(cursor ? { cursor } : {}) });
  page.Items.forEach((i) => seen.push(i.sk.S));
  cursor = page.cursor;
} while (cursor);
check('query pages', JSON.stringify(seen) === JSON.stringify(['POST#2025-01-05#p1', 'POST#2025-02-11#p2',
  'POST#2025-03-01#p3', 'PROFILE']), seen);

const collection = await ok(client, 'item_collection', { table: 'Blog', pk: 'USER#alice' });
const post = collection.entities.find((e) => e.entity === 'Post');
check('item_collection', post?.source === 'registered model' && post.count === 3
  && post.items[0].fields.postId === 'p1' && post.items[0].fields.date === '2025-01-05', collection);

const patterns = await ok(client, 'list_access_patterns', { table: 'Blog' });
const between = patterns.accessPatterns.find((p) => p.name === 'postsBetween');
check('list_access_patterns', JSON.stringify(between?.parameters) === '["username","date-low","date-high"]', patterns);
const ran = await ok(client, 'run_access_pattern', { table: 'Blog', pattern: 'postsBetween',
  parameters: { username: 'alice', 'date-low': '2025-02-01', 'date-high': '2025-12-31' } });
check('run_access_pattern', ran.count === 2 && ran.entities[0].items[0].fields.postId === 'p2', ran);

const wrong = await refused(client, 'get_item', { table: 'Blog', key: {}, tabel: 'Blog' });
check('validation', wrong.startsWith('ValidationException: ') && wrong.includes("'tabel' is not an argument"), wrong);
const missing = await refused(client, 'describe_table', { table: 'Nope' });
check('DynamoDB error', missing.startsWith('ResourceNotFoundException: '), missing);

await ok(client, 'save_snapshot', { name: 'scenario' });
await ok(client, 'delete_item', { table: 'Blog', key: { pk: S('USER#alice'), sk: S('PROFILE') } });
await ok(client, 'restore_snapshot', { name: 'scenario' });
const selected = await ok(client, 'execute_partiql', { statement: 'SELECT * FROM "Blog" WHERE pk = ?',
  parameters: [S('USER#alice')] });
check('snapshot restored, PartiQL', selected.Items.length === 4, selected);
await client.close();

const reader = await connect(true);
const readable = (await reader.listTools()).tools.map((t) => t.name);
check('read-only tools', readable.includes('query') && !readable.includes('put_item') && !readable.includes('reset'),
  readable);
const denied = await refused(reader, 'put_item', { table: 'Blog', item: { pk: S('x'), sk: S('y') } });
check('read-only refusal', denied.startsWith('AccessDeniedException: '), denied);
const scanned = await ok(reader, 'scan', { table: 'Blog' });
check('read-only scan', scanned.Count >= 3 && scanned.Items.every((i) => i.pk.S === 'USER#alice'), scanned);
await reader.close();

console.log(`MCP OK ${mode}`);
