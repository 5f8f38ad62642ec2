// Import and export of items: JSON (plain or DynamoDB JSON, one array or JSON lines) and CSV with
// typed headers ("name (S)", as the AWS console writes them). Imports go through BatchWriteItem in
// chunks of 25, retrying UnprocessedItems; a refused batch is written item by item to find the items
// at fault, which the summary lists.
import { all, call } from './api.js';
import { explain, field, fill, h, message, select } from './ui.js';
import { keyOf, plainItem, text } from './values.js';

/** Export formats: [value, label, file extension, content type]. */
export const FORMATS = [
  ['ddb-jsonl', 'DynamoDB JSON lines (exact types)', 'jsonl', 'application/x-ndjson'],
  ['ddb-json', 'DynamoDB JSON array (exact types)', 'json', 'application/json'],
  ['json', 'JSON array (plain)', 'json', 'application/json'],
  ['jsonl', 'JSON lines (plain)', 'jsonl', 'application/x-ndjson'],
  ['csv', 'CSV (typed headers)', 'csv', 'text/csv'],
];

const TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);
const BATCH = 25;
const TRIES = 10;

// ---- plain JSON and DynamoDB JSON ----

/** A plain JSON value as an attribute value: numbers N, strings S, booleans BOOL, null NULL, arrays L, objects M. */
export function toAttribute(v) {
  if (v === null || v === undefined) return { NULL: true };
  if (typeof v === 'string') return { S: v };
  if (typeof v === 'number') return { N: String(v) };
  if (typeof v === 'boolean') return { BOOL: v };
  if (Array.isArray(v)) return { L: v.map(toAttribute) };
  return { M: toItem(v) };
}

/** A plain JSON object as an item. */
export function toItem(o) {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, toAttribute(v)]));
}

/** Whether a JSON value is a DynamoDB attribute value ({"S": "x"}, {"N": "1"}, {"M": {...}}, ...). */
export function isAttribute(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1 || !TYPES.has(keys[0])) return false;
  const x = v[keys[0]];
  switch (keys[0]) {
    case 'S': case 'N': case 'B': return typeof x === 'string';
    case 'BOOL': return typeof x === 'boolean';
    case 'NULL': return x === true;
    case 'M': return Boolean(x) && typeof x === 'object' && !Array.isArray(x) && Object.values(x).every(isAttribute);
    case 'L': return Array.isArray(x) && x.every(isAttribute);
    default: return Array.isArray(x) && x.every((e) => typeof e === 'string');
  }
}

/** Whether an object is an item in DynamoDB JSON: every attribute an attribute value. */
export function isDynamoItem(o) {
  return Boolean(o) && typeof o === 'object' && !Array.isArray(o) && Object.keys(o).length > 0
    && Object.values(o).every(isAttribute);
}

/** A DynamoDB export's {"Item": {...}} line, unwrapped. */
function unwrap(o) {
  return o && typeof o === 'object' && !Array.isArray(o) && Object.keys(o).length === 1 && isDynamoItem(o.Item) ? o.Item : o;
}

// ---- CSV ----

/** A CSV cell: quoted when it must be (a comma, quote, line break, or edge space) or is an empty string. */
function cell(s) {
  return s === '' || /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** An attribute value as CSV text of its type: S, N and B as they are, BOOL true/false, the rest JSON. */
function csvText(av) {
  const [type, v] = Object.entries(av)[0];
  if (type === 'S' || type === 'N' || type === 'B') return v;
  if (type === 'BOOL') return String(v);
  if (type === 'NULL') return 'true';
  return JSON.stringify(v);
}

function fromCsvText(type, s) {
  switch (type) {
    case 'S': case 'N': case 'B': return { [type]: s };
    case 'BOOL': return { BOOL: s.trim().toLowerCase() === 'true' };
    case 'NULL': return { NULL: true };
    default: return { [type]: JSON.parse(s) };
  }
}

/** Items as CSV: one column per attribute name and type, `name (T)`, the key attributes first. */
export function toCsv(items, keys = []) {
  const columns = new Map();
  for (const item of items) {
    for (const [name, av] of Object.entries(item)) columns.set(`${name} (${Object.keys(av)[0]})`, [name, Object.keys(av)[0]]);
  }
  const rank = (name) => (keys.includes(name) ? keys.indexOf(name) : keys.length);
  const order = [...columns.entries()].sort(([a, [na]], [b, [nb]]) => rank(na) - rank(nb) || (a < b ? -1 : a > b ? 1 : 0));
  const lines = [order.map(([header]) => cell(header)).join(',')];
  for (const item of items) {
    lines.push(order.map(([, [name, type]]) => {
      const av = item[name];
      return av && Object.keys(av)[0] === type ? cell(csvText(av)) : '';
    }).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** CSV (RFC 4180) as rows of cells; a cell is {text, quoted} so "" (an empty string) differs from nothing. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let i = 0;
  const n = text.length;
  while (i <= n) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (i >= n) throw new Error('a quoted CSV cell is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
    }
    while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
    row.push({ text: value, quoted });
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') i++;
    i++;
    if (row.length > 1 || row[0].text !== '' || row[0].quoted) rows.push(row);
    row = [];
  }
  return rows;
}

/**
 * Items from CSV with a header row. A header `name (T)` gives the type; an untyped one takes the
 * table's type for a key attribute (`types`), else N for a number and S for the rest. An empty cell
 * is no attribute; a quoted empty cell is the empty string.
 */
export function fromCsv(text, types = {}) {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { items: [], refused: [] };
  const columns = header.map(({ text: h }) => {
    const m = /^(.*\S)\s*\((S|N|B|BOOL|NULL|M|L|SS|NS|BS)\)$/.exec(h.trim());
    return m ? { name: m[1], type: m[2] } : { name: h.trim(), type: types[h.trim()] || null };
  });
  const items = [];
  const refused = [];
  rows.forEach((row, r) => {
    try {
      const item = {};
      row.forEach((c, i) => {
        const col = columns[i];
        if (!col || (!c.quoted && c.text === '')) return;
        const type = col.type || (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(c.text) ? 'N' : 'S');
        item[col.name] = fromCsvText(type, c.text);
      });
      items.push({ item, at: `row ${r + 2}` });
    } catch (err) {
      refused.push({ at: `row ${r + 2}`, reason: err.message });
    }
  });
  return { items, refused };
}

// ---- reading and writing files ----

/**
 * The items of a file's text, whatever its format: a JSON array (or a Scan answer's {"Items": [...]}),
 * JSON lines, or CSV; plain JSON or DynamoDB JSON (when every item is). Resolves to {format, items:
 * [{item, at}], refused: [{at, reason}]}, `at` saying where in the file.
 */
export function parseItems(text, types = {}) {
  const body = text.replace(/^\uFEFF/, '').trim();
  let format;
  let found = [];
  const refused = [];
  if (body.startsWith('[') || body.startsWith('{')) {
    let whole;
    try {
      whole = JSON.parse(body);
    } catch {
      whole = undefined;
    }
    if (Array.isArray(whole) || (whole && Array.isArray(whole.Items))) {
      format = 'JSON array';
      found = (Array.isArray(whole) ? whole : whole.Items).map((o, i) => ({ value: unwrap(o), at: `item ${i + 1}` }));
    } else if (body.startsWith('[')) {
      throw new Error('the file starts as a JSON array but is not valid JSON');
    } else {
      format = 'JSON lines';
      body.split(/\r?\n/).forEach((line, i) => {
        if (!line.trim()) return;
        try {
          found.push({ value: unwrap(JSON.parse(line)), at: `line ${i + 1}` });
        } catch (err) {
          refused.push({ at: `line ${i + 1}`, reason: `not JSON: ${err.message}` });
        }
      });
    }
  } else {
    const csv = fromCsv(body, types);
    return { format: 'CSV', items: csv.items, refused: csv.refused };
  }
  const objects = found.filter(({ value, at }) => {
    const ok = value && typeof value === 'object' && !Array.isArray(value);
    if (!ok) refused.push({ at, reason: 'not a JSON object' });
    return ok;
  });
  const dynamo = objects.length > 0 && objects.every(({ value }) => isDynamoItem(value));
  return {
    format: `${dynamo ? 'DynamoDB JSON' : 'plain JSON'}, ${format}`,
    items: objects.map(({ value, at }) => ({ item: dynamo ? value : toItem(value), at })),
    refused,
  };
}

/** Items as a file's text in one of FORMATS: {text, extension, type}. */
export function serialize(items, format, keys = []) {
  const [, , extension, type] = FORMATS.find((f) => f[0] === format) || FORMATS[0];
  let text;
  if (format === 'csv') {
    text = toCsv(items, keys);
  } else {
    const out = format.startsWith('ddb') ? items : items.map(plainItem);
    text = format.endsWith('jsonl') ? out.map((o) => `${JSON.stringify(o)}\n`).join('') : `${JSON.stringify(out, null, 1)}\n`;
  }
  return { text, extension, type };
}

/** Offers text as a file download. */
export function download(text, filename, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// ---- importing ----

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const RETRIABLE = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded',
  'InternalServerError', 'ServiceUnavailable']);

/**
 * Writes items into a table: BatchWriteItem, 25 at a time, UnprocessedItems retried with backoff.
 * A batch the server refuses as a whole (one bad item fails them all) is written item by item, so
 * the others get in and the bad ones are named. `progress(done, total)` is called as it goes.
 * Resolves to {written, refused: [{at, key, reason}]}.
 */
export async function importItems(tableName, entries, keys, progress = () => {}) {
  const refused = [];
  const ready = entries.filter(({ item, at }) => {
    const missing = keys.filter((k) => item[k] === undefined);
    if (missing.length) refused.push({ at, key: keyOf(item, keys), reason: `no key attribute ${missing.join(', ')}` });
    return !missing.length;
  });
  let written = 0;
  let done = entries.length - ready.length;
  progress(done, entries.length);
  for (let i = 0; i < ready.length; i += BATCH) {
    const chunk = ready.slice(i, i + BATCH);
    let pending = chunk.map(({ item }) => ({ PutRequest: { Item: item } }));
    let whole = false;
    let chunkWritten = 0;
    for (let attempt = 0; pending.length && attempt < TRIES; attempt++) {
      if (attempt) await sleep(Math.min(1000, 50 * 2 ** attempt));
      try {
        const answer = await call('BatchWriteItem', { RequestItems: { [tableName]: pending } });
        const left = (answer.UnprocessedItems && answer.UnprocessedItems[tableName]) || [];
        chunkWritten += pending.length - left.length;
        pending = left;
      } catch (err) {
        if (RETRIABLE.has(err.code)) continue;
        whole = true;
        break;
      }
    }
    if (whole) {
      // one at a time (a put again of one written already changes nothing): which does the server refuse, and why?
      chunkWritten = 0;
      for (const { item, at } of chunk) {
        try {
          await call('PutItem', { TableName: tableName, Item: item });
          chunkWritten++;
        } catch (err) {
          refused.push({ at, key: keyOf(item, keys), reason: `${err.code || 'Error'}: ${err.message.slice((err.code || '').length + 2)}` });
        }
      }
    } else if (pending.length) {
      const left = new Set(pending.map((p) => JSON.stringify(keyOf(p.PutRequest.Item, keys))));
      for (const { item, at } of chunk) {
        if (left.has(JSON.stringify(keyOf(item, keys)))) {
          refused.push({ at, key: keyOf(item, keys), reason: `still unprocessed after ${TRIES} tries` });
        }
      }
    }
    written += chunkWritten;
    done += chunk.length;
    progress(done, entries.length);
  }
  return { written, refused };
}

// ---- the panel on the Items screen ----

/**
 * Import and export for the Items screen. `current()` gives {table, keys, types, query}: the table's
 * description, its key names, its key attributes' types, and the builder's request (Query or Scan)
 * without paging, or null when it cannot be built. `imported()` is called after an import.
 */
export function transferPanel(current, imported) {
  const format = select(FORMATS.map(([v, l]) => [v, l]), { name: 'export-format' });
  const file = h('input', { type: 'file', name: 'import-file', accept: '.json,.jsonl,.ndjson,.csv,.txt,application/json,text/csv' });
  const status = h('div');
  const bar = h('progress', { max: '1', value: '0', hidden: true, 'aria-label': 'Import progress' });
  const summary = h('div', { class: 'import-summary' });
  const busy = (on) => { for (const b of panel.querySelectorAll('button')) b.disabled = on; };

  const exportOf = async (operation, request, what) => {
    busy(true);
    try {
      message(status, `Reading ${what}…`);
      const items = await all(operation, request, 'Items', 'ExclusiveStartKey', 'LastEvaluatedKey');
      const { keys, table } = current();
      const out = serialize(items, format.value, keys);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
      download(out.text, `${table.TableName}-${stamp}.${out.extension}`, out.type);
      message(status, `Exported ${items.length} item${items.length === 1 ? '' : 's'} of ${what}.`, 'ok');
    } catch (err) {
      message(status, explain(err), 'error');
    } finally {
      busy(false);
    }
  };

  const run = async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return message(status, 'Choose a file to import first.', 'error');
    const { table, keys, types } = current();
    let parsed;
    try {
      parsed = parseItems(await chosen.text(), types);
    } catch (err) {
      return message(status, `Not imported: ${err.message}`, 'error');
    }
    busy(true);
    bar.hidden = false;
    fill(summary);
    const total = parsed.items.length;
    const result = await importItems(table.TableName, parsed.items, keys, (done, of) => {
      bar.max = Math.max(1, of);
      bar.value = done;
      message(status, `Importing ${chosen.name} (${parsed.format}) into ${table.TableName}: ${done} of ${of}…`);
    }).catch((err) => ({ error: err }));
    busy(false);
    if (result.error) return message(status, explain(result.error), 'error');
    // in the file's order: "line 3" before "line 12"
    const place = (r) => Number(/\d+/.exec(r.at)) || 0;
    const refused = [...parsed.refused, ...result.refused].sort((a, b) => place(a) - place(b));
    message(status, `Imported ${result.written} of ${total + parsed.refused.length} item${total === 1 ? '' : 's'} from`
      + ` ${chosen.name} (${parsed.format}) into ${table.TableName}; ${refused.length} refused.`, refused.length ? 'error' : 'ok');
    if (refused.length) {
      fill(summary, h('h3', {}, 'Refused'), h('ul', { class: 'refused' }, refused.map((r) => h('li', {},
        h('b', {}, r.at), r.key && Object.keys(r.key).length
          ? ` (${Object.entries(r.key).map(([k, v]) => `${k} = ${text(v)}`).join(', ')})` : '', `: ${r.reason}`))));
    }
    return imported();
  };

  const panel = h('details', { class: 'create transfer' }, h('summary', {}, 'Import and export'),
    h('div', { class: 'row' }, field('Export as', format)),
    h('div', { class: 'actions' },
      h('button', { type: 'button', onclick: () => {
        const { table } = current();
        exportOf('Scan', { TableName: table.TableName }, `table ${table.TableName}`);
      } }, 'Export table'),
      h('button', { type: 'button', onclick: () => {
        const { query } = current();
        if (!query) return message(status, 'The query cannot be run as it stands: fix it first.', 'error');
        return exportOf(query.KeyConditionExpression ? 'Query' : 'Scan', query, 'the query\'s results');
      } }, 'Export query results')),
    h('div', { class: 'row' }, field('File to import', file,
      'JSON (an array, or JSON lines), plain or DynamoDB JSON, or CSV with a header row; the format is recognised.')),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: run }, 'Import into the table')),
    bar, status, summary);
  return panel;
}
