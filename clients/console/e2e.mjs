// End-to-end test of Partita's web console (docs/console.md) in headless Debian chromium, driven by
// playwright-core: node e2e.mjs ENDPOINT SCREENSHOT_DIR. Run by ConsoleE2eTest against a fresh
// in-memory server. Fails on any browser console error or page error; writes a PNG of each screen.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [endpoint, shots = 'console-screenshots'] = process.argv.slice(2);
// with E2E_ACCESS_KEY and E2E_SECRET_KEY, the server checks signatures: the console must sign in
const signed = process.env.E2E_ACCESS_KEY ? { key: process.env.E2E_ACCESS_KEY, secret: process.env.E2E_SECRET_KEY } : null;
if (!endpoint) {
  console.error('usage: node e2e.mjs ENDPOINT [SCREENSHOT_DIR]');
  process.exit(2);
}
mkdirSync(shots, { recursive: true });
const TABLE = 'Shop';

/** The test's own DynamoDB client: the "someone else" who changes items behind the console's back. */
async function api(operation, body) {
  const response = await fetch(`${endpoint}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}`,
      authorization: 'AWS4-HMAC-SHA256 Credential=e2e/20000101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

function check(condition, what) {
  if (!condition) throw new Error(`check failed: ${what}`);
  console.log(`ok - ${what}`);
}

/** The main walk through every screen, on a server that checks no signature. */
async function mainScenario() {
  const statusText = () => page.locator('main [role=status], main [role=alert]').first().innerText();

  // --- Tables: create a table with a GSI ---
  await page.goto(`${endpoint}/console`);
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
  await page.getByText('No tables yet').waitFor();
  check(await page.evaluate(() => document.activeElement !== null), 'the console loads');
  await page.getByText('Create a table').click();
  await page.fill('input[name=table-name]', TABLE);
  await page.fill('input[name=pk-name]', 'PK');
  await page.fill('input[name=sk-name]', 'SK');
  await page.getByRole('button', { name: 'Add GSI' }).click();
  await page.fill('input[name=gsi-name]', 'GSI1');
  await page.fill('input[name=gsi-pk-name]', 'GSI1PK');
  await page.fill('input[name=gsi-sk-name]', 'GSI1SK');
  await page.getByRole('button', { name: 'Create table' }).click();
  const card = page.locator(`article[data-table=${TABLE}]`);
  await card.waitFor();
  check((await card.innerText()).includes('GSI1'), 'the new table is listed with its GSI');
  check((await card.innerText()).includes('PK (S) + SK (S)'), 'the table\'s key schema is shown');

  // --- Items: two created in the console, the rest by another client ---
  await card.getByRole('link', { name: 'Items' }).click();
  await page.getByRole('heading', { name: 'Items' }).waitFor();
  const newItem = async (item) => {
    await page.getByRole('button', { name: 'New item' }).click();
    await page.fill('dialog textarea', JSON.stringify(item));
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.locator('dialog').waitFor({ state: 'detached' });
  };
  await newItem({ PK: { S: 'USER#alice' }, SK: { S: 'PROFILE' }, _type: { S: 'User' }, name: { S: 'Alice' } });
  await newItem({ PK: { S: 'USER#alice' }, SK: { S: 'ORDER#2025-001' }, total: { N: '42.5' }, status: { S: 'OPEN' } });
  for (const n of [2, 3, 4, 5]) {
    await api('PutItem', { TableName: TABLE, Item: { PK: { S: 'USER#alice' }, SK: { S: `ORDER#2025-00${n}` },
      total: { N: String(10 * n) }, status: { S: 'OPEN' } } });
  }
  for (const n of [1, 2]) {
    await api('PutItem', { TableName: TABLE, Item: { PK: { S: 'USER#alice' }, SK: { S: `ORDER#2025-001#ITEM#${n}` },
      sku: { S: `SKU-${n}` } } });
  }
  await api('PutItem', { TableName: TABLE, Item: { PK: { S: 'USER#bob' }, SK: { S: 'PROFILE' }, _type: { S: 'User' } } });

  // --- Query with begins_with, three to a page, forward and back ---
  await page.fill('input[name=pk]', 'USER#alice');
  await page.selectOption('select[name=sk-op]', 'begins_with');
  await page.fill('input[name=sk]', 'ORDER#');
  await page.fill('input[name=limit]', '3');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const firstSk = () => page.locator('table.grid tbody tr').first().locator('td').nth(2).innerText();
  await page.getByText('page 1.').waitFor();
  check(await firstSk() === 'ORDER#2025-001', 'page 1 starts at the first order');
  check((await statusText()).includes('Consumed capacity: 0.5 capacity units (Shop)'), 'the query\'s consumed capacity is shown');
  await shot('items');
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByText('page 2.').waitFor();
  check(await firstSk() === 'ORDER#2025-002', 'page 2 goes on from the LastEvaluatedKey');
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByText('page 3.').waitFor();
  check(await firstSk() === 'ORDER#2025-005', 'page 3 holds the last order');
  check(await page.getByRole('button', { name: 'Next page' }).isDisabled(), 'no page after the last');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await page.getByText('page 2.').waitFor();
  check(await firstSk() === 'ORDER#2025-002', 'previous page returns to page 2');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await page.getByText('page 1.').waitFor();
  check(await firstSk() === 'ORDER#2025-001', 'and to page 1');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  check((await page.locator('pre.json').innerText()).includes('"total": 42.5'), 'results as plain JSON');
  await page.getByRole('button', { name: 'Grid' }).click();

  // --- Edit: a stale edit is refused, a fresh one saved ---
  const open = async (sk) => {
    await page.locator('table.grid tbody tr', { hasText: sk }).getByRole('button', { name: /Open/ }).click();
    await page.locator('dialog textarea').waitFor();
  };
  const editStatus = async (value) => {
    const item = JSON.parse(await page.inputValue('dialog textarea'));
    item.status = { S: value };
    await page.fill('dialog textarea', JSON.stringify(item, null, 2));
    await page.getByRole('button', { name: 'Save' }).click();
  };
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByText('page 2.').waitFor();
  await open('ORDER#2025-002');
  await api('UpdateItem', { TableName: TABLE, Key: { PK: { S: 'USER#alice' }, SK: { S: 'ORDER#2025-002' } },
    UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':s': { S: 'SHIPPED' } } });
  await editStatus('CANCELLED');
  const alert = page.locator('dialog [role=alert]');
  await alert.waitFor();
  check((await alert.innerText()).includes('changed (or was deleted) since it was loaded'), 'a stale edit is refused');
  await shot('edit-conflict');
  const after = await api('GetItem', { TableName: TABLE, Key: { PK: { S: 'USER#alice' }, SK: { S: 'ORDER#2025-002' } } });
  check(after.Item.status.S === 'SHIPPED', 'the other client\'s change stands');
  await page.getByRole('button', { name: 'Close' }).click();
  await open('ORDER#2025-002');
  check((await page.inputValue('dialog textarea')).includes('SHIPPED'), 'reopening loads the current item');
  await editStatus('DELIVERED');
  await page.locator('dialog').waitFor({ state: 'detached' });
  const saved = await api('GetItem', { TableName: TABLE, Key: { PK: { S: 'USER#alice' }, SK: { S: 'ORDER#2025-002' } } });
  check(saved.Item.status.S === 'DELIVERED', 'a fresh edit is saved');

  // --- Single-table view: the collection grouped by entity, keys decoded ---
  await page.getByRole('link', { name: 'Collections' }).click();
  await page.getByRole('heading', { name: 'Collections' }).waitFor();
  await page.selectOption('select[name=table]', TABLE);
  await page.fill('input[name=pk]', 'USER#alice');
  await page.getByRole('button', { name: 'Show collection' }).click();
  const users = page.locator('section[data-entity=User]');
  const orders = page.locator('section[data-entity=ORDER]');
  await orders.waitFor();
  check((await users.innerText()).includes('Type from attribute _type'), 'the profile is typed by its _type');
  check((await orders.locator('.decoded li').count()) === 7, 'orders and their lines are one ORDER group');
  const decoded = await orders.innerText();
  check(decoded.includes('ORDER: 2025-001') && decoded.includes('ITEM: 2'), 'sort keys are decoded');
  check(decoded.includes('SK: ORDER#{order}#ITEM#{item}'), 'key templates are inferred');
  await shot('collection');
  await page.getByText('Schema: key templates and access patterns').click();
  await page.fill('textarea[name=schema]', JSON.stringify({ models: {
    Order: { pk: { value: 'USER#${user}' }, sk: { value: 'ORDER#${orderId}' } },
    OrderLine: { pk: { value: 'USER#${user}' }, sk: { value: 'ORDER#${orderId}#ITEM#${line}' } } } }));
  await page.getByRole('button', { name: 'Show collection' }).click();
  await page.locator('section[data-entity=OrderLine]').waitFor();
  check((await page.locator('section[data-entity=OrderLine]').innerText()).includes('line: 2'),
    'a pasted schema names the entities and their fields');

  // --- PartiQL ---
  await page.getByRole('link', { name: 'PartiQL' }).click();
  await page.fill('textarea[name=statement]', `SELECT * FROM "${TABLE}" WHERE PK = 'USER#alice'`);
  await page.getByRole('button', { name: 'Run statement' }).click();
  await page.getByText('8 items, page 1.').waitFor();
  check(await page.locator('table.grid tbody tr').count() === 8, 'the statement\'s items are in the grid');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  check((await page.locator('pre.json').innerText()).includes('"SK": "ORDER#2025-001#ITEM#1"'), 'the statement\'s items as JSON');
  await page.getByRole('button', { name: 'Grid' }).click();
  check((await page.locator('ol.history').innerText()).includes('SELECT * FROM'), 'the statement is in the history');
  await shot('partiql');

  // --- Activity ---
  await page.getByRole('link', { name: 'Activity' }).click();
  await page.getByRole('heading', { name: 'Requests' }).waitFor();
  check((await page.locator('main').innerText()).includes('PutItem'), 'activity lists the requests per operation');
  await page.getByRole('heading', { name: 'Hot partition keys' }).waitFor();
  check((await page.locator('main').innerText()).includes('USER#alice'), 'the hot keys are listed');
  // rates over time: samples taken by hand from here on, so each interval holds known requests
  await page.locator('#auto-refresh').uncheck();
  const requests = page.locator('section[aria-labelledby=metrics-title]');
  await page.locator('section[aria-labelledby=metrics-title][aria-busy=false]').waitFor();
  const samplesTaken = async () => Number(/^(\d+) samples? over/.exec(await requests.locator('p[aria-live]').innerText())[1]);
  const sampleByHand = async () => {
    const before = await samplesTaken();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await requests.locator('p[aria-live]', { hasText: new RegExp(`^${before + 1} samples over`) }).waitFor();
  };
  const line = async (operation, kind) => {
    const row = requests.locator('tbody tr').filter({ has: page.getByRole('cell', { name: operation, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: TABLE, exact: true }) });
    return (await row.locator(`svg.spark.${kind}`).getAttribute('data-values')).split(',');
  };
  await sampleByHand();
  for (const n of [1, 2, 3, 4, 5]) {
    await api('PutItem', { TableName: TABLE, Item: { PK: { S: 'USER#carol' }, SK: { S: `NOTE#${n}` } } });
  }
  for (const n of [1, 2]) {
    await fetch(`${endpoint}/`, { method: 'POST', body: JSON.stringify({ TableName: TABLE, Key: { PK: { S: `USER#${n}` } } }),
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem',
        authorization: 'AWS4-HMAC-SHA256 Credential=e2e/20000101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' } });
  }
  await sampleByHand();
  await sampleByHand();
  const [putRate, putIdle] = (await line('PutItem', 'rate')).slice(-2).map(Number);
  check(putRate > 0 && putIdle === 0, `PutItem on ${TABLE}: its line rises in the interval of the five puts and falls to 0 in the next (${putRate}, ${putIdle})`);
  const [putLatency, noLatency] = (await line('PutItem', 'latency')).slice(-2);
  check(Number(putLatency) > 0 && noLatency === '', 'its latency line has the interval\'s mean, and a gap where there were no requests');
  const [getErrors, noErrors] = (await line('GetItem', 'errors')).slice(-2).map(Number);
  check(getErrors > 0 && noErrors === 0, `GetItem on ${TABLE}: its errors line shows the two refused reads (${getErrors}, ${noErrors})`);
  await shot('activity');

  // --- Streams and TTL, import and export, access patterns: each on tables of its own ---
  await streamsScenario();
  await transferScenario();
  await patternsScenario();
  await vectorsScenario();
  await registeredSchemaScenario();
  await modelSchemaScenario();
  await builderScenario();

  // --- Tables after all that, keyboard, narrow window ---
  await page.getByRole('link', { name: 'Tables' }).click();
  await card.waitFor();
  await shot('tables');
  await page.reload();
  await card.waitFor();
  await page.keyboard.press('Tab');
  check(await page.evaluate(() => document.activeElement.textContent === 'Refresh'
    && getComputedStyle(document.activeElement).outlineStyle === 'solid'),
    'a screen takes the focus: the first Tab reaches its first control, outlined');
  await page.getByRole('link', { name: 'PartiQL' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'PartiQL' }).waitFor();
  await page.keyboard.press('Tab');
  check(await page.evaluate(() => document.activeElement.name === 'statement'), 'Enter on a link opens its screen, Tab goes on into it');
  await page.keyboard.type(`SELECT * FROM "${TABLE}" WHERE PK = 'USER#bob'`);
  await page.keyboard.press('Control+Enter');
  await page.getByText('1 item, page 1.').waitFor();
  check(true, 'Ctrl+Enter in the editor runs the statement');
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(`${endpoint}/console#/collection?table=${TABLE}&pk=USER%23alice`);
  await page.locator('section[data-entity=OrderLine]').waitFor(); // the schema pasted above is kept
  check(await page.evaluate(() => document.documentElement.scrollWidth <= 400), 'no sideways scrolling at 400px');
  await shot('collection-narrow');
  await page.goto(`${endpoint}/console#/collection?table=Blog`);
  await page.locator('form.pattern[data-pattern=userPage] input').fill('alice');
  await page.locator('form.pattern[data-pattern=userPage] input').press('Enter');
  await page.locator('section[data-entity=Post]').waitFor();
  check(await page.evaluate(() => document.documentElement.scrollWidth <= 400), 'access patterns: no sideways scrolling at 400px');
  await page.goto(`${endpoint}/console#/streams?table=Events`);
  await page.locator('section[aria-labelledby=stream-title] [role=status]', { hasText: 'Tailing' }).waitFor();
  await api('DeleteItem', { TableName: 'Events', Key: { PK: { S: 'DEVICE#d1' }, SK: { S: 'READING#001' } } });
  await page.locator('li.record[data-event=REMOVE]').waitFor();
  check(await page.evaluate(() => document.documentElement.scrollWidth <= 400), 'streams: no sideways scrolling at 400px');
  await shot('streams-narrow');
  const pause = page.getByRole('button', { name: 'Pause' });
  await pause.focus();
  await page.keyboard.press('Space');
  await page.getByText('Paused.').waitFor();
  check(await page.getByRole('button', { name: 'Resume' }).getAttribute('aria-pressed') === 'true', 'the tail pauses by keyboard');
  await page.keyboard.press('Enter');
  await page.locator('section[aria-labelledby=stream-title] [role=status]', { hasText: 'Tailing' }).waitFor();
  check(true, 'and resumes');
  const narrow = async (hash, ready, name) => {
    await page.goto(`${endpoint}/console#/${hash}`);
    await ready();
    check(await page.evaluate(() => document.documentElement.scrollWidth <= 400), `${name}: no sideways scrolling at 400px`);
  };
  await narrow('tables', () => card.waitFor(), 'tables');
  await shot('tables-narrow');
  await narrow(`items?table=${TABLE}&pk=USER%23alice`, () => page.getByText('page 1.').waitFor(), 'items and their grid');
  await narrow('activity', () => page.locator('svg.spark').first().waitFor(), 'activity');
  await shot('activity-narrow');
  await narrow('partiql', () => page.locator('textarea[name=statement]').waitFor(), 'PartiQL');

  // the stale edit, the duplicate under a taken key, the stale delete; and the import's bad item
  const stale = refusedOperations.filter((r) => r.includes('ConditionalCheckFailedException'));
  const badImport = (r) => /(BatchWriteItem|PutItem): .*ValidationException/.test(r);
  const shortVector = (r) => /SearchVectors: .*does not match vector index dimension/.test(r);
  check(stale.length === 3 && stale.filter((r) => r.includes('.DeleteItem:')).length === 1
    && refusedOperations.every((r) => r.includes('ConditionalCheckFailedException') || badImport(r) || shortVector(r)),
  `the API refused only the stale edit, the duplicate, the stale delete, the import's bad item and the short vector: ${refusedOperations.join('; ')}`);
}

/**
 * The Tables screen and the Items builder in full, on a table created in the console with an LSI and
 * a GSI: the card's facts (items, size, billing, TTL, stream, tags, each index's kind, projection,
 * status and counts); every sort key operator, backward, a filter, a projection, the column chooser,
 * DynamoDB JSON, queries on the LSI and the GSI, a Scan; duplicate and delete, each conditional; a
 * table deleted only once its name is typed again.
 */
async function builderScenario() {
  const table = 'Orders';
  await page.goto(`${endpoint}/console#/tables`);
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
  await page.getByText('Create a table').click();
  await page.fill('input[name=table-name]', table);
  await page.getByRole('button', { name: 'Add LSI' }).click();
  await page.fill('input[name=lsi-name]', 'byTotal');
  await page.fill('input[name=lsi-sk-name]', 'total');
  await page.selectOption('select[name=lsi-sk-type]', 'N');
  await page.getByRole('button', { name: 'Add GSI' }).click();
  await page.fill('input[name=gsi-name]', 'byStatus');
  await page.fill('input[name=gsi-pk-name]', 'status');
  await page.selectOption('select[name=gsi-projection]', 'KEYS_ONLY');
  await page.getByRole('button', { name: 'Create table' }).click();
  const card = page.locator(`article[data-table=${table}]`);
  await card.waitFor();
  const described = (await api('DescribeTable', { TableName: table })).Table;
  check(described.LocalSecondaryIndexes[0].KeySchema[1].AttributeName === 'total'
    && described.GlobalSecondaryIndexes[0].Projection.ProjectionType === 'KEYS_ONLY', 'a table is created in the console with an LSI and a KEYS_ONLY GSI');
  for (let n = 1; n <= 10; n++) {
    await api('PutItem', { TableName: table, Item: { PK: { S: 'C#1' }, SK: { S: `O#${String(n).padStart(2, '0')}` },
      total: { N: String(n * 10) }, status: { S: n % 2 ? 'SHIPPED' : 'OPEN' } } });
  }
  await api('TagResource', { ResourceArn: described.TableArn, Tags: [{ Key: 'team', Value: 'shop' }] });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await card.locator('dd', { hasText: 'team=shop' }).waitFor();
  const facts = (await card.locator('dl.facts').innerText()).replace(/\s+/g, ' ');
  check(/Items 10 /.test(facts) && /Size \d/.test(facts) && facts.includes('Key PK (S) + SK (S)') && facts.includes('Billing PAY_PER_REQUEST')
    && facts.includes('TTL off') && facts.includes('Stream off') && facts.includes('Tags team=shop'),
  `the card shows items, size, key schema, billing, TTL, stream and tags (${facts})`);
  const indexRow = async (name) => (await card.locator('tbody tr', { hasText: name }).innerText()).replace(/\s+/g, ' ');
  check(/byTotal LSI PK \(S\) \+ total \(N\) ALL ACTIVE 10 \d/.test(await indexRow('byTotal'))
    && /byStatus GSI status \(S\) KEYS_ONLY ACTIVE 10 \d/.test(await indexRow('byStatus')),
  `each index with its kind, keys, projection, status, item count and size (${await indexRow('byTotal')}; ${await indexRow('byStatus')})`);
  await card.scrollIntoViewIfNeeded();
  await shot('table-card');

  // --- every sort key operator ---
  await card.getByRole('link', { name: 'Items' }).click();
  await page.getByRole('heading', { name: 'Items' }).waitFor();
  const said = page.locator('main > .screen > [role=status], main > .screen > [role=alert]').first();
  const run = async (expect) => {
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('main [role=status]', { hasText: expect }).first().waitFor();
  };
  const sks = async () => page.locator('table.grid tbody tr td:nth-child(3)').allInnerTexts();
  await page.fill('input[name=pk]', 'C#1');
  for (const [op, value, value2, expected] of [['=', 'O#03', '', ['O#03']], ['<', 'O#03', '', ['O#01', 'O#02']],
    ['<=', 'O#03', '', ['O#01', 'O#02', 'O#03']], ['>', 'O#08', '', ['O#09', 'O#10']], ['>=', 'O#09', '', ['O#09', 'O#10']],
    ['BETWEEN', 'O#02', 'O#04', ['O#02', 'O#03', 'O#04']], ['begins_with', 'O#1', '', ['O#10']]]) {
    await page.selectOption('select[name=sk-op]', op);
    await page.fill('input[name=sk]', value);
    if (op === 'BETWEEN') await page.fill('input[name=sk2]', value2);
    await run(`Query: ${expected.length} item`);
    const got = await sks();
    check(JSON.stringify(got) === JSON.stringify(expected), `SK ${op} ${value}${value2 ? ` AND ${value2}` : ''}: ${got.join(', ')}`);
  }
  await page.selectOption('select[name=sk-op]', '');
  await page.selectOption('select[name=direction]', 'backward');
  await run('Query: 10 items');
  check((await sks())[0] === 'O#10', 'backward: the last sort key first');
  await page.selectOption('select[name=direction]', 'forward');
  await page.fill('input[name=filter]', '#status = :s');
  await page.fill('input[name=values]', '{":s": {"S": "OPEN"}}');
  await page.fill('input[name=projection]', 'PK, SK, total');
  await run('Query: 5 items (10 read)');
  const headers = await page.locator('table.grid thead th').allInnerTexts();
  check(JSON.stringify(headers.slice(1)) === '["PK","SK","total"]' && JSON.stringify(await sks()) === '["O#02","O#04","O#06","O#08","O#10"]',
    'a filter (5 of 10 read) and a projection (only PK, SK, total)');
  await page.getByText('Columns').click();
  await page.locator('input[data-column=total]').uncheck();
  check(JSON.stringify((await page.locator('table.grid thead th').allInnerTexts()).slice(1)) === '["PK","SK"]', 'a column hidden by the chooser');
  await page.getByRole('button', { name: 'DynamoDB JSON' }).click();
  const ddb = await page.locator('pre.json').innerText();
  check(ddb.includes('"total": {') && ddb.includes('"N": "100"'), 'results as DynamoDB JSON');
  await page.getByRole('button', { name: 'Grid' }).click();
  await page.fill('input[name=filter]', '');
  await page.fill('input[name=values]', '');
  await page.fill('input[name=projection]', '');

  // --- the LSI, the GSI, a Scan ---
  await page.selectOption('select[name=index]', 'byTotal');
  await page.getByText('Sort key total').waitFor();
  await page.selectOption('select[name=sk-op]', '>=');
  await page.fill('input[name=sk]', '70');
  await run('Query: 4 items');
  check(JSON.stringify(await sks()) === '["O#07","O#08","O#09","O#10"]', 'a query on the LSI: total >= 70, a number');
  await page.selectOption('select[name=index]', 'byStatus');
  await page.getByText('Partition key status =').waitFor();
  await page.fill('input[name=pk]', 'SHIPPED');
  await run('Query: 5 items');
  check((await page.locator('table.grid thead th').allInnerTexts()).length === 4, 'a query on the KEYS_ONLY GSI: its items, keys only');
  await page.selectOption('select[name=index]', '');
  await page.selectOption('select[name=mode]', 'Scan');
  await page.fill('input[name=filter]', '#total > :t'); // TOTAL is a reserved word
  await page.fill('input[name=values]', '{":t": {"N": "50"}}');
  await run('Scan: 5 items (10 read)');
  check(true, 'a Scan with a filter: 5 of the 10 items read');
  await page.fill('input[name=filter]', '');
  await page.fill('input[name=values]', '');
  await run('Scan: 10 items');

  // --- duplicate and delete, each conditional ---
  const open = async (sk) => {
    await page.locator('table.grid tbody tr', { hasText: sk }).getByRole('button', { name: /Open/ }).click();
    await page.locator('dialog textarea').waitFor();
  };
  await open('O#01');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.getByRole('button', { name: 'Create item' }).click();
  await page.locator('dialog [role=alert]', { hasText: 'an item with this key already exists' }).waitFor();
  check(true, 'a duplicate under the same key is refused: it would overwrite the original');
  const copy = JSON.parse(await page.inputValue('dialog textarea'));
  copy.SK = { S: 'O#11' };
  await page.fill('dialog textarea', JSON.stringify(copy));
  await page.getByRole('button', { name: 'Create item' }).click();
  await page.locator('dialog').waitFor({ state: 'detached' });
  const dup = await api('GetItem', { TableName: table, Key: { PK: { S: 'C#1' }, SK: { S: 'O#11' } } });
  check(dup.Item && dup.Item.total.N === '10', 'the duplicate under a new key is created');
  await run('Scan: 11 items');
  await open('O#11');
  await page.getByRole('button', { name: 'Delete item' }).click();
  await page.locator('dialog').waitFor({ state: 'detached' });
  check(!(await api('GetItem', { TableName: table, Key: { PK: { S: 'C#1' }, SK: { S: 'O#11' } } })).Item, 'an item deleted in the editor is gone');
  await run('Scan: 10 items');
  await open('O#10');
  await api('UpdateItem', { TableName: table, Key: { PK: { S: 'C#1' }, SK: { S: 'O#10' } }, UpdateExpression: 'SET #t = :t', ExpressionAttributeNames: { '#t': 'total' },
    ExpressionAttributeValues: { ':t': { N: '101' } } });
  await page.getByRole('button', { name: 'Delete item' }).click();
  await page.locator('dialog [role=alert]', { hasText: 'changed (or was deleted) since it was loaded' }).waitFor();
  check(Boolean((await api('GetItem', { TableName: table, Key: { PK: { S: 'C#1' }, SK: { S: 'O#10' } } })).Item),
    'a stale delete is refused and the item stays');
  await page.keyboard.press('Escape');
  await page.locator('dialog').waitFor({ state: 'detached' });
  check(await page.evaluate(() => document.activeElement && /Open/.test(document.activeElement.textContent)),
    'Escape closes the editor and gives the focus back to the row\'s Open');

  // --- delete a table, once its name is typed again ---
  await apiTable('Scratch');
  await page.goto(`${endpoint}/console#/tables`);
  const scratch = page.locator('article[data-table=Scratch]');
  await scratch.getByRole('button', { name: 'Delete…' }).click();
  await page.locator('dialog input').fill('Scratc');
  await page.getByRole('button', { name: 'Delete table' }).click();
  await page.locator('dialog [role=alert]', { hasText: 'Type Scratch exactly' }).waitFor();
  check((await api('ListTables', {})).TableNames.includes('Scratch'), 'a mistyped name deletes nothing');
  await page.locator('dialog input').fill('Scratch');
  await page.getByRole('button', { name: 'Delete table' }).click();
  await scratch.waitFor({ state: 'detached' });
  check(!(await api('ListTables', {})).TableNames.includes('Scratch'), 'the table is deleted once its name is typed again');
}

/** A table made through the API for one part of the walk: PK and SK strings, and more definitions if given. */
async function apiTable(name, extra = {}) {
  await api('CreateTable', { TableName: name, BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' },
      ...(extra.AttributeDefinitions || [])],
    ...(extra.GlobalSecondaryIndexes ? { GlobalSecondaryIndexes: extra.GlobalSecondaryIndexes } : {}),
    ...(extra.LocalSecondaryIndexes ? { LocalSecondaryIndexes: extra.LocalSecondaryIndexes } : {}) });
}

/** Every item of a table through the API, sorted by key, for comparisons. */
async function scanAll(table) {
  const items = [];
  let start;
  do {
    const answer = await api('Scan', { TableName: table, ...(start ? { ExclusiveStartKey: start } : {}) });
    items.push(...answer.Items);
    start = answer.LastEvaluatedKey;
  } while (start);
  const key = (i) => `${i.PK.S}\u0000${i.SK.S}`;
  return items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map(sortedKeys);
}

/** The value with every object's keys sorted: an item's attributes have no order (the server answers them as stored). */
function sortedKeys(value) {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys(value[k])]));
}

/** Streams and TTL: turn both on in the console, see a write made through the API in the tail, see what expires next. */
/**
 * Vector search (issue 38): a table with a vector index partitioned by tenant, made and filled by the
 * test's own client; its card lists the index; the Vectors screen runs a search with a pasted vector, a
 * TopK and the HASH value, and shows the results with their scores; a vector of the wrong length is
 * refused with the service's message.
 */
async function vectorsScenario() {
  const table = 'Docs';
  await api('CreateTable', { TableName: table, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'tenant', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
    VectorIndexes: [{ IndexName: 'byMeaning', VectorAttribute: { AttributeName: 'embedding' }, Dimensions: 3,
      DistanceFunction: 'COSINE', Projection: { ProjectionType: 'ALL' },
      SearchSchema: [{ AttributeName: 'tenant', SearchSchemaElementType: 'HASH' }] }] });
  const vector = (...xs) => ({ L: xs.map((x) => ({ N: String(x) })) });
  for (const [pk, tenant, v] of [['DOC#1', 'acme', vector(1, 0, 0)], ['DOC#2', 'acme', vector(0.6, 0.8, 0)],
    ['DOC#3', 'acme', vector(0, 1, 0)], ['DOC#4', 'bolt', vector(1, 0, 0)]]) {
    await api('PutItem', { TableName: table, Item: { PK: { S: pk }, tenant: { S: tenant }, title: { S: `title ${pk}` },
      embedding: v } });
  }
  await page.goto(`${endpoint}/console#/tables`);
  const card = page.locator(`article[data-table=${table}]`);
  await card.waitFor();
  check((await card.innerText()).includes('embedding, 3 × COSINE, HASH tenant'), 'the table card lists the vector index');
  await card.getByRole('link', { name: 'Vector search' }).click();
  await page.getByRole('heading', { name: 'Vector search' }).waitFor();
  await page.fill('textarea[name=vector]', '[1, 0, 0]');
  await page.fill('input[name=top-k]', '2');
  await page.fill('input[name=search-tenant]', 'acme');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('2 results, most similar first.').waitFor();
  const rows = await page.locator('main table.grid').last().locator('tbody tr').allInnerTexts();
  check(rows.length === 2 && rows[0].startsWith('0\t') && rows[0].includes('DOC#1') && rows[1].includes('DOC#2'),
    `the results come most similar first with their scores: ${JSON.stringify(rows)}`);
  await shot('vectors');
  await page.fill('textarea[name=vector]', '[1, 0]');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('Input search vector dimension 2 does not match vector index dimension 3').waitFor();
  check(true, 'a vector of the wrong length is refused with the service\'s message');
}

async function streamsScenario() {
  const table = 'Events';
  await apiTable(table);
  await page.goto(`${endpoint}/console#/streams?table=${table}`);
  await page.getByRole('heading', { name: 'Streams and TTL' }).waitFor();
  await page.getByText(`${table} has no stream.`).waitFor();
  await page.selectOption('select[name=stream-view]', 'NEW_AND_OLD_IMAGES');
  await page.getByRole('button', { name: 'Turn on the stream' }).click();
  // the tail starts at the stream's tip (LATEST): wait for its first poll before writing
  const tailing = page.locator('section[aria-labelledby=stream-title] [role=status]', { hasText: 'Tailing NEW_AND_OLD_IMAGES' });
  await tailing.waitFor();
  check(true, 'the stream is turned on from the console and tailed');
  await api('PutItem', { TableName: table, Item: { PK: { S: 'DEVICE#d1' }, SK: { S: 'READING#001' }, celsius: { N: '21.5' } } });
  await api('UpdateItem', { TableName: table, Key: { PK: { S: 'DEVICE#d1' }, SK: { S: 'READING#001' } },
    UpdateExpression: 'SET celsius = :c', ExpressionAttributeValues: { ':c': { N: '22' } } });
  const modify = page.locator('li.record[data-event=MODIFY]');
  await modify.waitFor();
  const insert = page.locator('li.record[data-event=INSERT]');
  check((await insert.innerText()).includes('PK = DEVICE#d1 · SK = READING#001'), 'the API\'s PutItem is tailed as an INSERT with its keys');
  const modified = await modify.innerText();
  check(modified.includes('Old image') && modified.includes('"celsius":21.5') && modified.includes('"celsius":22'),
    'the UpdateItem is tailed as a MODIFY with its old and new images');
  check(await page.locator('ol.records li').first().getAttribute('data-event') === 'MODIFY', 'the newest record is on top');

  // --- TTL: turn it on, then the items with an expiry, soonest first ---
  await page.fill('input[name=ttl-attribute]', 'expiresAt');
  await page.getByRole('button', { name: 'Turn on Time to Live' }).click();
  await page.getByText('On, by the attribute expiresAt').waitFor();
  check(await page.locator('li.record[data-event=INSERT]', { hasText: 'DEVICE#d1' }).count() === 1,
    'turning Time to Live on keeps the stream tail running, with the records it showed');
  const now = Math.floor(Date.now() / 1000);
  const soon = now + 3600;
  const later = now + 7 * 86400;
  await api('PutItem', { TableName: table, Item: { PK: { S: 'SESSION#late' }, SK: { S: 'S' }, expiresAt: { N: String(later) } } });
  await api('PutItem', { TableName: table, Item: { PK: { S: 'SESSION#soon' }, SK: { S: 'S' }, expiresAt: { N: String(soon) } } });
  await api('PutItem', { TableName: table, Item: { PK: { S: 'SESSION#text' }, SK: { S: 'S' }, expiresAt: { S: 'never' } } });
  await page.getByRole('button', { name: 'Refresh expiring items' }).click();
  const ttlRows = page.locator('section[aria-labelledby=ttl-title] tbody tr');
  await page.getByText('2 items with a numeric expiresAt').waitFor();
  const first = await ttlRows.nth(0).innerText();
  check(first.includes('SESSION#soon') && first.includes(new Date(soon * 1000).toISOString()) && /in (59 min|1 h)/.test(first),
    `the item due first is listed first, with its expiry and the time left (${first.replace(/\s+/g, ' ')})`);
  check((await ttlRows.nth(1).innerText()).includes('SESSION#late'), 'then the later one; a non-numeric expiresAt is left out');
  await page.locator('li.record[data-event=INSERT]', { hasText: 'SESSION#soon' }).waitFor();
  await shot('streams');
}

/** Items of every type, some with text CSV must quote, for the round trips. */
function catalogItems() {
  const items = [];
  for (let n = 1; n <= 30; n++) {
    const id = String(n).padStart(2, '0');
    items.push({ PK: { S: n % 3 ? 'CAT#tools' : 'CAT#toys' }, SK: { S: `PRODUCT#${id}` }, price: { N: `${n}.25` },
      name: { S: n === 7 ? 'Saw, "big"\nsecond line' : ` item ${id} ` }, inStock: { BOOL: n % 2 === 0 },
      ...(n % 5 === 0 ? { note: { NULL: true }, empty: { S: '' } } : {}),
      dims: { M: { w: { N: String(n) }, unit: { S: 'cm' } } }, tags: { SS: ['a', `t${n}`] }, sizes: { NS: ['1', String(n + 1)] },
      parts: { L: [{ S: 'x' }, { N: '2' }, { M: { deep: { BOOL: true } } }] },
      ...(n === 3 ? { blob: { B: 'AAEC/w==' }, blobs: { BS: ['AQ==', 'Ag=='] } } : {}) });
  }
  return items;
}

/** Opens the Items screen of a table and its Import and export panel. */
async function openTransfer(table) {
  await page.goto(`${endpoint}/console#/items?table=${table}`);
  await page.getByRole('heading', { name: 'Items' }).waitFor();
  await page.locator('details.transfer summary').click();
}

/** Exports in a format by the button named, resolves to the file's path and text. */
async function exportAs(format, button) {
  await page.selectOption('select[name=export-format]', format);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  mkdirSync(join(shots, 'exports'), { recursive: true });
  const path = join(shots, 'exports', download.suggestedFilename());
  await download.saveAs(path);
  return { path, text: readFileSync(path, 'utf8'), name: download.suggestedFilename() };
}

/** Imports a file into the table open on the Items screen and waits for the summary. */
async function importFile(path, summary) {
  await page.setInputFiles('input[name=import-file]', path);
  await page.getByRole('button', { name: 'Import into the table' }).click();
  await page.locator('details.transfer [role=status], details.transfer [role=alert]', { hasText: summary }).waitFor();
}

/** Export then import round trips (DynamoDB JSON lines and CSV), a query's results exported, refused items named. */
async function transferScenario() {
  // the console streams a file it imports: reading any file or blob whole fails the page
  await page.addInitScript(() => {
    const whole = () => { throw new Error('a file was read whole'); };
    Blob.prototype.text = whole;
    Blob.prototype.arrayBuffer = whole;
    for (const m of ['readAsText', 'readAsArrayBuffer', 'readAsDataURL', 'readAsBinaryString']) FileReader.prototype[m] = whole;
  });
  await readersScenario();
  await apiTable('Catalog');
  const items = catalogItems();
  for (const item of items) await api('PutItem', { TableName: 'Catalog', Item: item });
  const original = await scanAll('Catalog');
  for (const [format, copy] of [['ddb-jsonl', 'CatalogJson'], ['csv', 'CatalogCsv'], ['ddb-json', 'CatalogArray']]) {
    await openTransfer('Catalog');
    const file = await exportAs(format, 'Export table');
    check(file.name.startsWith('Catalog-'), `the table is exported as ${format} to ${file.name}`);
    await apiTable(copy);
    await openTransfer(copy);
    await importFile(file.path, `Imported 30 of 30 items from ${file.name}`);
    const got = await scanAll(copy);
    check(JSON.stringify(got) === JSON.stringify(original), `imported into ${copy}, every item and type is as it was (${format})`);
  }
  const csv = (await exportAs('csv', 'Export table')).text;
  check(csv.startsWith('PK (S),SK (S),') && csv.includes('"Saw, ""big""\nsecond line"'), 'CSV has typed headers and quotes what it must');

  // the current query's results, every page (the limit is a page size), as plain JSON
  await openTransfer('Catalog');
  await page.fill('input[name=pk]', 'CAT#toys');
  await page.fill('input[name=limit]', '4');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByText('page 1.').waitFor();
  const toys = JSON.parse((await exportAs('json', 'Export query results')).text);
  check(toys.length === 10 && toys.every((t) => t.PK === 'CAT#toys') && toys[0].price === 3.25,
    'the query\'s results are exported, all pages, as plain JSON');

  // refused items are named; the others get in
  const bad = join(shots, 'bad-import.jsonl');
  writeFileSync(bad, [JSON.stringify({ PK: 'CAT#new', SK: 'PRODUCT#99', price: 1 }), JSON.stringify({ PK: 'CAT#new' }),
    JSON.stringify({ PK: 5, SK: 'PRODUCT#98' }), '{not json'].join('\n'));
  await importFile(bad, 'Imported 1 of 4 items');
  const refusedList = await page.locator('ul.refused').innerText();
  check(refusedList.includes('line 2 (PK = CAT#new): no key attribute SK') && refusedList.includes('line 3')
    && refusedList.includes('ValidationException') && refusedList.includes('line 4: not JSON'),
  'an import names each refused item and why');
  check((await api('GetItem', { TableName: 'Catalog', Key: { PK: { S: 'CAT#new' }, SK: { S: 'PRODUCT#99' } } })).Item.price.N === '1',
    'the good item of a refused batch is written');
  await page.locator('ul.refused').scrollIntoViewIfNeeded();
  await shot('import-export');
  await bigImportScenario();
}

/**
 * The import's readers without a browser: every format split into chunks of 1 to 7 characters reads
 * as it does in one piece (a chunk may end inside a string, an escape, a quoted CSV cell or a CR LF).
 */
async function readersScenario() {
  const { readItems } = await import(new URL('../../partita-server/src/main/resources/io/partita/server/console/transfer.js', import.meta.url));
  async function* chunked(text, size) {
    for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
  }
  const read = async (text, size) => {
    const out = [];
    let format;
    for await (const e of readItems(chunked(text, size), { PK: 'S' }, (f) => { format = f; })) out.push(e);
    return { format, out };
  };
  const files = {
    'JSON lines': ['{"PK":{"S":"a"},"SK":{"S":"1"}}\n\n{"PK":{"S":"b, \\"x\\"\\n]"},"SK":{"S":"2"}}\r\n{bad\n{"PK":"plain"}\n',
      'DynamoDB JSON, JSON lines', ['line 1', 'line 3', 'line 4: not JSON', 'line 5: not DynamoDB JSON']],
    'JSON array': [' [ {"PK":{"S":"a]"},"SK":{"S":"1"}}, {"PK":{"S":"b"},"SK":{"S":"2"}} ,5, [1] ]',
      'DynamoDB JSON, JSON array', ['item 1', 'item 2', 'item 3: not a JSON object', 'item 4: not a JSON object']],
    'Scan answer': ['{\n "Count": 2, "Items": [{"PK":{"S":"a"},"SK":{"S":"1"}},{"PK":{"S":"b"},"SK":{"L":[{"S":"x"}]}}], "ScannedCount": 2}',
      'DynamoDB JSON, JSON array', ['item 1', 'item 2']],
    CSV: ['PK (S),SK (S),note\r\n"a,1",x,"line\r\nbreak ""q"""\r\n\r\nb,,5\n"",y,\n', 'CSV', ['row 2', 'row 3', 'row 4']],
    'an array left open': ['[{"PK":{"S":"a"}}, {"PK"', 'DynamoDB JSON, JSON array', ['item 1', 'item 2: the file ends before']],
  };
  const says = (e) => (e.refused ? `${e.refused.at}: ${e.refused.reason}` : e.at);
  for (const [name, [text, format, expected]] of Object.entries(files)) {
    const whole = await read(text, Infinity);
    check(whole.format === format && whole.out.length === expected.length && whole.out.every((e, i) => says(e).startsWith(expected[i])),
      `${name} is read as ${format}: ${whole.out.map(says).join('; ')}`);
    for (const size of [1, 2, 3, 7]) {
      const part = await read(text, size);
      if (JSON.stringify(part) !== JSON.stringify(whole)) throw new Error(`${name} in chunks of ${size} reads otherwise: ${JSON.stringify(part)}`);
    }
  }
  const csv = (await read(files.CSV[0], 1)).out;
  check(csv[0].item.note.S === 'line\r\nbreak "q"' && csv[1].item.note.N === '5' && csv[2].item.PK.S === '',
    'split one character at a time, CSV keeps quoted line breaks and quotes, numbers and the empty string');
  check(true, 'every format reads the same in chunks of 1, 2, 3 and 7 characters');
}

/**
 * A file of 3,000 items (2.9 MB, more than the 2 MB chromium hands a file's stream at a time) imported: read as a stream (the page fails if anything reads
 * a file whole), progress shown as it goes, written 25 to a batch, and a batch the server left
 * unprocessed sent again.
 */
async function bigImportScenario() {
  const table = 'Bulk';
  await apiTable(table);
  const path = join(shots, 'bulk.jsonl');
  const lines = [];
  for (let n = 1; n <= 3000; n++) {
    lines.push(JSON.stringify({ PK: { S: `DEVICE#${n % 7}` }, SK: { S: `READING#${String(n).padStart(5, '0')}` },
      celsius: { N: String(n % 40) }, note: { S: 'x'.repeat(900) } }));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  // the first batch comes back unprocessed, as DynamoDB answers when it cannot take it all now
  const batches = [];
  await page.route(`${endpoint}/`, async (route) => {
    const request = route.request();
    const body = request.postDataJSON();
    if (request.headers()['x-amz-target'] !== 'DynamoDB_20120810.BatchWriteItem' || !body.RequestItems[table]) return route.continue();
    batches.push(body.RequestItems[table].length);
    if (batches.length > 1) return route.continue();
    return route.fulfill({ status: 200, contentType: 'application/x-amz-json-1.0', body: JSON.stringify({ UnprocessedItems: body.RequestItems }) });
  });
  await openTransfer(table);
  await page.evaluate(() => {
    window.importSaid = [];
    const status = document.querySelector('details.transfer [role=status]')?.parentElement || document.querySelector('details.transfer');
    new MutationObserver(() => {
      const t = document.querySelector('details.transfer [role=status], details.transfer [role=alert]');
      const bar = document.querySelector('details.transfer progress');
      if (t) window.importSaid.push([t.innerText, Number(bar.value), Number(bar.max)]);
    }).observe(status, { subtree: true, childList: true, characterData: true });
  });
  await importFile(path, 'Imported 3000 of 3000 items from bulk.jsonl');
  await page.unroute(`${endpoint}/`);
  const said = await page.evaluate(() => window.importSaid);
  const during = said.filter(([t]) => t.startsWith('Importing bulk.jsonl (DynamoDB JSON, JSON lines)'));
  const partial = during.filter(([, value, max]) => value > 0 && value < max);
  check(during.length >= 100 && partial.length > 0 && during.some(([t]) => / 1500 read, 1500 written, /.test(t)),
    `the import shows its progress batch by batch (${during.length} updates, ${partial.length} with part of the file read,`
    + ` e.g. "${(partial[0] || during[0] || [''])[0]}")`);
  check(batches.length === 121 && batches.every((n) => n === 25), `3000 items in 120 batches of 25, the unprocessed one sent again (${batches.length} sent)`);
  let count = 0;
  let start;
  do { // a Scan page stops at 1 MB: count every page
    const page1 = await api('Scan', { TableName: table, Select: 'COUNT', ...(start ? { ExclusiveStartKey: start } : {}) });
    count += page1.Count;
    start = page1.LastEvaluatedKey;
  } while (start);
  check(count === 3000, `every item of the file is in the table (${count})`);
  await page.locator('details.transfer progress').scrollIntoViewIfNeeded();
  await shot('import-progress');
}

/** A schema in Partita's format, loaded from a file: its access patterns listed with their index, run with parameters. */
async function patternsScenario() {
  const table = 'Blog';
  await apiTable(table, { AttributeDefinitions: [{ AttributeName: 'GSI1PK', AttributeType: 'S' }, { AttributeName: 'GSI1SK', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{ IndexName: 'GSI1', Projection: { ProjectionType: 'ALL' },
      KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }] }] });
  const put = (item) => api('PutItem', { TableName: table, Item: Object.fromEntries(Object.entries(item).map(([k, v]) => [k, { S: v }])) });
  await put({ PK: 'USER#alice', SK: 'PROFILE', name: 'Alice' });
  await put({ PK: 'USER#alice', SK: 'POST#2025-01-10#p1', title: 'Hello' });
  await put({ PK: 'USER#alice', SK: 'POST#2025-02-03#p2', title: 'Again' });
  await put({ PK: 'USER#bob', SK: 'PROFILE', name: 'Bob' });
  await put({ PK: 'POST#p1', SK: 'COMMENT#c1', GSI1PK: 'USER#bob', GSI1SK: 'COMMENT#c1', text: 'Nice' });
  await put({ PK: 'POST#p2', SK: 'COMMENT#c2', GSI1PK: 'USER#bob', GSI1SK: 'COMMENT#c2', text: 'Yes' });
  await put({ PK: 'POST#p2', SK: 'COMMENT#c3', GSI1PK: 'USER#alice', GSI1SK: 'COMMENT#c3', text: 'Thanks' });
  const schema = {
    entities: {
      User: { pk: 'USER#{username}', sk: 'PROFILE' },
      Post: { pk: 'USER#{username}', sk: 'POST#{date}#{postId}' },
      Comment: { pk: 'POST#{postId}', sk: 'COMMENT#{commentId}', indexes: { GSI1: { pk: 'USER#{commenter}', sk: 'COMMENT#{commentId}' } } },
    },
    patterns: [
      { name: 'userPage', index: null, pk: 'USER#{username}', entities: ['User', 'Post'] },
      { name: 'postsOfUserBetween', index: null, pk: 'USER#{username}', sk: { between: ['POST#{from}', 'POST#{to}'] }, entities: ['Post'] },
      { name: 'commentsByUser', index: 'GSI1', pk: 'USER#{username}', sk: { begins_with: 'COMMENT#' }, entities: ['Comment'] },
      { name: 'byTag', index: 'GSI9', pk: 'TAG#{tag}' },
    ],
  };
  await page.goto(`${endpoint}/console#/collection?table=${table}`);
  await page.getByRole('heading', { name: 'Collections' }).waitFor();
  await page.getByText('Schema: key templates and access patterns').click();
  const schemaPath = join(shots, 'blog-schema.json');
  writeFileSync(schemaPath, JSON.stringify(schema, null, 1));
  await page.setInputFiles('input[name=schema-file]', schemaPath);
  await page.getByText('Schema loaded from blog-schema.json.').waitFor();
  check((await page.inputValue('textarea[name=schema]')).includes('commentsByUser'), 'a schema file is loaded into the schema box and used');
  const card = (name) => page.locator(`form.pattern[data-pattern=${name}]`);
  await card('commentsByUser').waitFor();
  check((await card('commentsByUser').innerText()).includes('Served by the GSI GSI1 (projection ALL): GSI1PK = USER#{username} AND begins_with(GSI1SK, COMMENT#)'),
    'each access pattern is listed with the index that serves it and its key condition');
  check((await card('userPage').innerText()).includes('Served by the table\'s key: PK = USER#{username}'), 'a pattern on the table\'s key says so');
  check(await card('byTag').getByRole('button').isDisabled() && (await card('byTag').innerText()).includes('does not have'),
    'a pattern on an index the table lacks is flagged and cannot run');

  await card('commentsByUser').locator('input[name=param-username]').fill('bob');
  await card('commentsByUser').getByRole('button', { name: 'Run commentsByUser' }).click();
  await page.getByText('commentsByUser (index GSI1): 2 items, 1 entity type.').waitFor();
  const comments = await page.locator('section[data-entity=Comment]').innerText();
  check(comments.includes('commentId: c1') && comments.includes('commentId: c2') && !comments.includes('c3'),
    'a pattern on a GSI runs with its parameter and shows its items grouped by entity, fields decoded');

  await card('userPage').locator('input[name=param-username]').fill('alice');
  await card('userPage').locator('input[name=param-username]').press('Enter');
  await page.getByText('userPage (table): 3 items, 2 entity types.').waitFor();
  check((await page.locator('section[data-entity=Post] .decoded li').count()) === 2
    && (await page.locator('section[data-entity=Post]').innerText()).includes('date: 2025-02-03'),
    'a collection pattern groups its items by entity (Enter runs it)');
  await page.getByText('Schema: key templates and access patterns').click(); // folded, for the picture
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('patterns');

  await card('postsOfUserBetween').locator('input[name=param-username]').fill('alice');
  await card('postsOfUserBetween').locator('input[name=param-from]').fill('2025-02');
  await card('postsOfUserBetween').locator('input[name=param-to]').fill('2025-03');
  await card('postsOfUserBetween').getByRole('button').click();
  await page.getByText('postsOfUserBetween (table): 1 item, 1 entity type.').waitFor();
  check((await page.locator('section[data-entity=Post]').innerText()).includes('postId: p2'), 'a sort key condition takes its parameters');
}

/**
 * A schema registered with the server (PUT /partita/schemas/TABLE), in the shape partita-model's
 * Model.describe() writes (DescribeTest pins that text): found without pasting; a {number:04d} field
 * padded as the model pads it; the indexes with kind and projection beside the table's, and which
 * patterns each serves; a BETWEEN pattern on an LSI, whose one template each end fills with its own
 * values.
 */
async function registeredSchemaScenario() {
  const table = 'Invoices';
  await apiTable(table, {
    AttributeDefinitions: [{ AttributeName: 'LSI1SK', AttributeType: 'S' }, { AttributeName: 'GSI1PK', AttributeType: 'S' },
      { AttributeName: 'GSI1SK', AttributeType: 'S' }],
    LocalSecondaryIndexes: [{ IndexName: 'byDate', Projection: { ProjectionType: 'ALL' },
      KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'LSI1SK', KeyType: 'RANGE' }] }],
    GlobalSecondaryIndexes: [{ IndexName: 'byStatus', Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total', '_type'] },
      KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }] }],
  });
  for (const [n, date, status] of [['0007', '2025-01-05', 'PAID'], ['0042', '2025-02-10', 'OPEN'], ['0099', '2025-03-20', 'OPEN']]) {
    await api('PutItem', { TableName: table, Item: { PK: { S: 'CUSTOMER#c1' }, SK: { S: `INVOICE#${n}` }, total: { N: n },
      _type: { S: 'Invoice' }, LSI1SK: { S: `DATE#${date}` }, GSI1PK: { S: `STATUS#${status}` }, GSI1SK: { S: `INVOICE#${n}` } } });
  }
  const schema = {
    table, keys: { pk: 'PK', sk: 'SK', type: '_type' },
    indexes: {
      byStatus: { kind: 'GSI', pk: 'GSI1PK', sk: 'GSI1SK', projection: 'INCLUDE', nonKeyAttributes: ['total', '_type'] },
      byDate: { kind: 'LSI', pk: 'PK', sk: 'LSI1SK', projection: 'ALL' },
    },
    entities: { Invoice: { type: 'Invoice', pk: 'CUSTOMER#{customer}', sk: 'INVOICE#{number:04d}',
      indexes: { byStatus: { pk: 'STATUS#{status}', sk: 'INVOICE#{number:04d}' }, byDate: { pk: 'CUSTOMER#{customer}', sk: 'DATE#{date}' } } } },
    patterns: [
      { name: 'invoice', index: null, pk: 'CUSTOMER#{customer}', sk: { '=': 'INVOICE#{number:04d}' }, entities: ['Invoice'] },
      { name: 'invoicesBetween', index: 'byDate', pk: 'CUSTOMER#{customer}', sk: { between: 'DATE#{date}' }, entities: ['Invoice'] },
      { name: 'byStatus', index: 'byStatus', pk: 'STATUS#{status}', sk: { begins_with: 'INVOICE#' }, entities: ['Invoice'] },
    ],
  };
  const registered = await fetch(`${endpoint}/partita/schemas/${table}`, { method: 'PUT', body: JSON.stringify(schema) });
  check(registered.ok, 'a schema is registered with the server');
  await page.goto(`${endpoint}/console#/collection?table=${table}`);
  await page.getByRole('heading', { name: 'Collections' }).waitFor();
  const card = page.locator('form.pattern[data-pattern=invoice]');
  await card.waitFor();
  check(true, 'the registered schema\'s access patterns are listed without pasting it');
  await card.locator('input[name=param-customer]').fill('c1');
  await card.locator('input[name=param-number]').fill('42');
  await card.getByRole('button', { name: 'Run invoice' }).click();
  await page.getByText('invoice (table): 1 item, 1 entity type.').waitFor();
  check((await page.locator('section[data-entity=Invoice]').innerText()).includes('INVOICE#0042'),
    'a {number:04d} field is padded as partita-model pads it: 42 finds INVOICE#0042');

  const indexes = page.locator('section.schema-indexes');
  const row = async (name) => (await indexes.locator('tbody tr', { hasText: name }).first().innerText()).replace(/\s+/g, ' ');
  const byStatus = await row('byStatus');
  check(byStatus.includes('GSI') && byStatus.includes('GSI1PK + GSI1SK') && byStatus.includes('INCLUDE total, _type'),
    `the schema's GSI is listed with its keys and INCLUDE projection (${byStatus})`);
  const byDate = await row('byDate');
  check(byDate.includes('LSI') && byDate.includes('LSI byDate (projection ALL)') && byDate.includes('invoicesBetween'),
    `the LSI is listed as the table has it, with the pattern it serves (${byDate})`);
  const between = page.locator('form.pattern[data-pattern=invoicesBetween]');
  check((await between.innerText()).includes('Served by the LSI byDate (projection ALL): PK = CUSTOMER#{customer} AND LSI1SK BETWEEN DATE#{date-low} AND DATE#{date-high}'),
    'a BETWEEN pattern says which index serves it and names its two ends');
  await between.locator('input[name=param-customer]').fill('c1');
  await between.getByLabel('date (low end)').fill('2025-02-01');
  await between.getByLabel('date (high end)').fill('2025-03-31');
  await between.getByRole('button', { name: 'Run invoicesBetween' }).click();
  await page.getByText('invoicesBetween (index byDate): 2 items, 1 entity type.').waitFor();
  const found = await page.locator('section[data-entity=Invoice]').innerText();
  check(found.includes('INVOICE#0042') && found.includes('INVOICE#0099') && !found.includes('INVOICE#0007'),
    'the BETWEEN runs on the LSI with its two bounds: the invoices of February and March, not January\'s');
  await indexes.scrollIntoViewIfNeeded();
  await shot('registered-schema');
}

/**
 * What partita-model's Model.describe() writes, as DescribeTest pins it (its expected text is the file
 * read here), registered for a table shaped as that model creates it: the console lists the model's
 * indexes and patterns and runs its BETWEEN pattern on the LSI with two ends.
 */
async function modelSchemaScenario() {
  const described = readFileSync(new URL('../../partita-model/src/test/resources/io/partita/model/blog-describe.json', import.meta.url), 'utf8');
  const table = 'ModelBlog';
  const s = (n) => ({ AttributeName: n, AttributeType: 'S' });
  const key = (pk, sk) => [{ AttributeName: pk, KeyType: 'HASH' }, { AttributeName: sk, KeyType: 'RANGE' }];
  await api('CreateTable', { TableName: table, BillingMode: 'PAY_PER_REQUEST', KeySchema: key('pk', 'sk'),
    AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'lsi1sk'].map(s),
    GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: key('gsi1pk', 'gsi1sk'), Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'titles', KeySchema: key('gsi2pk', 'gsi2sk'), Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['title', '_type'] } }],
    LocalSecondaryIndexes: [{ IndexName: 'byDay', KeySchema: key('pk', 'lsi1sk'), Projection: { ProjectionType: 'ALL' } }] });
  for (const [id, day] of [['p1', '2025-01-10'], ['p2', '2025-02-03'], ['p3', '2025-03-01']]) {
    await api('PutItem', { TableName: table, Item: { pk: { S: 'USER#alice' }, sk: { S: `POST#${id}` }, _type: { S: 'Post' },
      username: { S: 'alice' }, postId: { S: id }, day: { S: day }, lsi1sk: { S: `DAY#${day}` }, title: { S: `Post ${id}` } } });
  }
  const registered = await fetch(`${endpoint}/partita/schemas/${table}`, { method: 'PUT', body: described });
  check(registered.ok, 'the text Model.describe() writes (DescribeTest\'s) is registered for the table');
  await page.goto(`${endpoint}/console#/collection?table=${table}`);
  const between = page.locator('form.pattern[data-pattern="Posts between days"]');
  await between.waitFor();
  check((await between.innerText()).includes('Served by the LSI byDay (projection ALL): pk = USER#{username} AND lsi1sk BETWEEN DAY#{day-low} AND DAY#{day-high}'),
    'the model\'s BETWEEN pattern is listed on its LSI with its two ends');
  const titles = (await page.locator('section.schema-indexes tbody tr', { hasText: 'titles' }).innerText()).replace(/\s+/g, ' ');
  check(titles.includes('INCLUDE title, _type'), `the model's INCLUDE index is listed with its projection (${titles})`);
  await between.getByLabel('username').fill('alice');
  await between.getByLabel('day (low end)').fill('2025-02-01');
  await between.getByLabel('day (high end)').fill('2025-02-28');
  await between.getByRole('button', { name: 'Run Posts between days' }).click();
  await page.getByText('Posts between days (index byDay): 1 item, 1 entity type.').waitFor();
  check((await page.locator('section[data-entity=Post]').innerText()).includes('POST#p2'), 'it runs with two bounds: February\'s post only');
}

/**
 * Against a server that checks signatures: a wrong secret is refused, the right one signs every
 * request (WebCrypto SigV4) and a table is created and listed.
 */
/**
 * On a server that keeps a database per access key (E2E_ONLY=namespaces, partita serve --isolate keys): the
 * console names the namespace it shows, and shows another key's tables when asked.
 */
async function namespacesScenario() {
  await apiTable('Mine'); // the test's client signs as "e2e": a table of that key's namespace
  await page.goto(`${endpoint}/console`);
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
  await page.getByText('No tables yet').waitFor();
  const button = page.locator('header #namespace');
  await button.waitFor();
  check((await button.innerText()) === 'Namespace: partita-console', 'the console names its own namespace, which has no tables');
  await button.click();
  await page.getByRole('heading', { name: 'Namespace' }).waitFor();
  await page.fill('input[name=namespace-key]', 'e2e');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(/[?]key=e2e/);
  await page.locator('article[data-table=Mine]').waitFor();
  check((await page.locator('header #namespace').innerText()) === 'Namespace: e2e', 'another key\'s tables, named as its namespace');
  await shot('namespace');
}

async function signedScenario() {
  await page.goto(`${endpoint}/console`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.fill('input[name=access-key]', signed.key);
  await page.fill('input[name=secret-key]', 'not-the-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('main [role=alert]', { hasText: 'InvalidSignatureException' }).waitFor();
  check(true, 'a wrong secret is refused by the server');
  await page.fill('input[name=secret-key]', signed.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('No tables yet').waitFor();
  await page.getByText('Create a table').click();
  await page.fill('input[name=table-name]', 'Signed');
  await page.getByRole('button', { name: 'Create table' }).click();
  await page.locator('article[data-table=Signed]').waitFor();
  check(true, 'signed requests are accepted: a table is created and listed');
  await page.reload();
  await page.locator('article[data-table=Signed]').waitFor();
  check(true, 'the keys are kept for the tab (sessionStorage) across a reload');
  await shot('signed-in');
  // the side doors need a signature too (docs/SECURITY.md): the console signs its GETs of /metrics,
  // /partita/hot-keys and /partita/schemas, so a refusal would show as a browser console error
  await page.getByRole('link', { name: 'Activity' }).click();
  await page.getByRole('heading', { name: 'Requests' }).waitFor();
  await page.locator('section[aria-labelledby=metrics-title][aria-busy=false]').waitFor();
  check((await page.locator('main').innerText()).includes('CreateTable'), 'signed: activity reads the metrics');
  await page.getByRole('heading', { name: 'Hot partition keys' }).waitFor();
  await page.getByRole('link', { name: 'Collections' }).click();
  await page.getByRole('heading', { name: 'Collections' }).waitFor();
  check(true, 'signed: the collections screen loads, asking the server for registered schemas');
  check(refusedOperations.every((r) => /Signature|Authentication|security token/.test(r)),
    `the API refused only unsigned or wrongly signed requests: ${refusedOperations.join('; ')}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const errors = [];
const refusedOperations = [];
let page;
const shot = async (name) => {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: false });
  console.log(`screenshot ${name}.png`);
};
const refusals = []; // the API's expected 400s (the stale edit), which chromium logs as failed loads
let status = 1;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const fromApi = m.location().url === `${endpoint}/` && /status of 400/.test(m.text());
    (fromApi ? refusals : errors).push(`${m.text()} (${m.location().url})`);
  });
  page.on('response', async (r) => {
    if (r.status() === 400 && r.url() === `${endpoint}/`) {
      refusedOperations.push(`${r.request().headers()['x-amz-target']}: ${(await r.text()).slice(0, 200)}`);
    }
  });

  const only = { streams: streamsScenario, transfer: transferScenario, patterns: patternsScenario,
    registered: registeredSchemaScenario, model: modelSchemaScenario, builder: builderScenario,
    vectors: vectorsScenario, namespaces: namespacesScenario }[process.env.E2E_ONLY];
  await (signed ? signedScenario() : only ? only() : mainScenario());
  check(errors.length === 0, `no browser console errors${errors.length ? `:\n  ${errors.join('\n  ')}` : ''}`);
  check(refusals.length === refusedOperations.length, 'every failed load in the browser log is a refusal checked above');
  status = 0;
  console.log('E2E OK');
} catch (e) {
  console.error(e && e.stack ? e.stack : e);
  if (page) {
    // what the page showed when the run failed
    await page.screenshot({ path: join(shots, 'failure.png') }).catch(() => {});
    console.error(`the page said:\n${await page.locator('main').innerText().catch(() => '(nothing)')}`);
  }
  if (errors.length) console.error(`browser errors:\n  ${errors.join('\n  ')}`);
} finally {
  await browser.close();
}
process.exit(status);
