// Import and export of items: JSON (plain or DynamoDB JSON, one array or JSON lines) and CSV with
// typed headers ("name (S)", as the AWS console writes them). An import streams the file (it is never
// read whole) into BatchWriteItem in chunks of 25, retrying UnprocessedItems; a refused batch is
// written item by item to find the items at fault, which the summary lists.
import { all, call } from './api.js';
import { explain, field, fill, h, message, select } from './ui.js';
import { bytes as bytesText, keyOf, plainItem, text } from './values.js';

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

// ---- reading a file as a stream ----
// A file is read chunk by chunk (File.stream()), never whole: each reader below keeps only the
// element, line or row it is in, so a file larger than the browser holds comfortably imports too.

/** A file's text in chunks, `onBytes(read)` told as each arrives. */
export async function* textChunks(file, onBytes = () => {}) {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    onBytes(read);
    const text = decoder.decode(value, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The first chunks of a stream looked at (up to a character that is not white space) and given back. */
async function peek(chunks) {
  const it = chunks[Symbol.asyncIterator]();
  const seen = [];
  let first = '';
  while (!first) {
    const { done, value } = await it.next();
    if (done) break;
    seen.push(value);
    first = seen.join('').replace(/^\uFEFF/, '').trimStart().charAt(0);
  }
  async function* again() {
    for (const c of seen) yield c;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  }
  return { first, chunks: again() };
}

/** Lines of text in chunks: [text, number]. */
async function* lines(chunks) {
  let rest = '';
  let number = 0;
  for await (const chunk of chunks) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop();
    for (const line of parts) yield [line.replace(/\r$/, ''), ++number];
  }
  if (rest) yield [rest.replace(/\r$/, ''), ++number];
}

/**
 * The elements of a JSON array as text, from text in chunks: the root array's, or (`scanAnswer`) the
 * array under a root object's "Items", as a Scan answer holds them. Yields [text, number]; an array
 * never closed (or not found) yields [null, number, why] last.
 */
async function* arrayElements(chunks, scanAnswer) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let target = scanAnswer ? 0 : 1; // the depth of the array whose elements are read (0: not found yet)
  let key = '';
  let name = null; // the last string at depth 1 of a Scan answer, then the key before ':'
  let element = null; // the text of the element being read, up to this chunk
  let start = 0;
  let number = 0;
  let closed = false;
  for await (const chunk of chunks) {
    if (element !== null) start = 0;
    for (let i = 0; i < chunk.length && !closed; i++) {
      const c = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        if (name !== null && inString) name += c;
        continue;
      }
      const atTarget = target && depth === target;
      if (atTarget && element === null && c !== ',' && c !== ']' && !/\s/.test(c)) {
        element = '';
        start = i;
      }
      if (c === '"') {
        inString = true;
        name = scanAnswer && !target && depth === 1 ? '' : null;
      } else if (c === ':' && scanAnswer && !target && depth === 1) {
        key = name;
      } else if (c === '{' || c === '[') {
        depth++;
        if (scanAnswer && !target && depth === 2 && c === '[' && key === 'Items') target = 2;
      } else if (atTarget && (c === ',' || c === ']')) {
        if (element !== null) yield [element + chunk.slice(start, i), ++number];
        element = null;
        if (c === ']') closed = true;
      } else if (c === '}' || c === ']') {
        depth--;
      }
    }
    if (element !== null) element += chunk.slice(start);
    if (closed) return;
  }
  yield [null, number + 1, scanAnswer && !target ? 'neither JSON lines nor a JSON array (nor a Scan answer with "Items")'
    : 'the file ends before its JSON array closes'];
}

/** CSV (RFC 4180) rows from text in chunks; a cell is {text, quoted}, so "" (an empty string) differs from nothing. */
async function* csvRows(chunks) {
  let row = [];
  let value = '';
  let quoted = false;
  let state = 'start'; // start of a cell, in an unquoted one, in quotes, a quote just seen in quotes
  let afterCr = false;
  const endCell = () => {
    row.push({ text: value, quoted });
    value = '';
    quoted = false;
    state = 'start';
  };
  for await (const chunk of chunks) {
    const out = [];
    for (const c of chunk) {
      if (afterCr && c === '\n') {
        afterCr = false;
        continue;
      }
      afterCr = false;
      if (state === 'quoted') {
        if (c === '"') state = 'quote';
        else value += c;
        continue;
      }
      if (state === 'quote') {
        if (c === '"') {
          value += '"';
          state = 'quoted';
          continue;
        }
        state = 'unquoted'; // text after a closing quote stays in the cell, as it is
      }
      if (state === 'start' && c === '"') {
        quoted = true;
        state = 'quoted';
      } else if (c === ',') {
        endCell();
      } else if (c === '\n' || c === '\r') {
        endCell();
        afterCr = c === '\r';
        if (row.length > 1 || row[0].text !== '' || row[0].quoted) out.push(row);
        row = [];
      } else {
        value += c;
        state = 'unquoted';
      }
    }
    yield* out;
  }
  if (state === 'quoted') throw new Error('a quoted CSV cell is not closed');
  if (state !== 'start' || row.length) {
    endCell();
    if (row.length > 1 || row[0].text !== '' || row[0].quoted) yield row;
  }
}

/**
 * Items from CSV with a header row. A header `name (T)` gives the type; an untyped one takes the
 * table's type for a key attribute (`types`), else N for a number and S for the rest. An empty cell
 * is no attribute; a quoted empty cell is the empty string.
 */
async function* csvItems(chunks, types) {
  let columns = null;
  let r = 1;
  for await (const row of csvRows(chunks)) {
    if (!columns) {
      columns = row.map(({ text: h }) => {
        const m = /^(.*\S)\s*\((S|N|B|BOOL|NULL|M|L|SS|NS|BS)\)$/.exec(h.trim());
        return m ? { name: m[1], type: m[2] } : { name: h.trim(), type: types[h.trim()] || null };
      });
      continue;
    }
    const at = `row ${++r}`;
    try {
      const item = {};
      row.forEach((c, i) => {
        const col = columns[i];
        if (!col || (!c.quoted && c.text === '')) return;
        const type = col.type || (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(c.text) ? 'N' : 'S');
        item[col.name] = fromCsvText(type, c.text);
      });
      yield { item, at };
    } catch (err) {
      yield { refused: { at, reason: err.message } };
    }
  }
}

/**
 * The items of a file in chunks, whatever its format: a JSON array (or a Scan answer's {"Items":
 * [...]}), JSON lines, or CSV; DynamoDB JSON when the first item is, plain JSON otherwise (an item of
 * the other kind in a DynamoDB JSON file is refused). Yields {item, at} and {refused: {at, reason}},
 * `at` saying where in the file; `onFormat(name)` is told the format once it is known.
 */
export async function* readItems(source, types = {}, onFormat = () => {}) {
  const { first, chunks } = await peek(source);
  if (!first) return;
  if (first !== '[' && first !== '{') {
    onFormat('CSV');
    yield* csvItems(chunks, types);
    return;
  }
  let dynamo = null;
  const entry = (value, at) => {
    const v = unwrap(value);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { refused: { at, reason: 'not a JSON object' } };
    if (dynamo === null) {
      dynamo = isDynamoItem(v);
      onFormat(`${dynamo ? 'DynamoDB JSON' : 'plain JSON'}, ${kind}`);
    }
    if (!dynamo) return { item: toItem(v), at };
    return isDynamoItem(v) ? { item: v, at } : { refused: { at, reason: 'not DynamoDB JSON, as the file\'s first item is' } };
  };
  let kind = 'JSON array';
  let elements;
  if (first === '[') {
    elements = arrayElements(chunks, false);
  } else {
    // JSON lines, unless the first line is not a whole object or is a Scan answer: then one document
    const it = lines(chunks);
    const head = [];
    let firstLine;
    for (let n = await it.next(); !n.done; n = await it.next()) {
      head.push(n.value);
      if (n.value[0].trim()) {
        try {
          firstLine = JSON.parse(n.value[0]);
        } catch {
          firstLine = undefined;
        }
        break;
      }
    }
    const replay = async function* replay() {
      for (const [line] of head) yield `${line}\n`;
      for (let n = await it.next(); !n.done; n = await it.next()) yield `${n.value[0]}\n`;
    };
    if (firstLine === undefined || (firstLine && Array.isArray(firstLine.Items))) {
      elements = arrayElements(replay(), true);
    } else {
      kind = 'JSON lines';
      for (const [line, number] of head) {
        if (line.trim()) yield entry(JSON.parse(line), `line ${number}`);
      }
      for (let n = await it.next(); !n.done; n = await it.next()) {
        const [line, number] = n.value;
        if (!line.trim()) continue;
        let value;
        try {
          value = JSON.parse(line);
        } catch (err) {
          yield { refused: { at: `line ${number}`, reason: `not JSON: ${err.message}` } };
          continue;
        }
        yield entry(value, `line ${number}`);
      }
      return;
    }
  }
  for await (const [text, number, why] of elements) {
    if (text === null) {
      yield { refused: { at: `item ${number}`, reason: why } };
      continue;
    }
    let value;
    try {
      value = JSON.parse(text);
    } catch (err) {
      yield { refused: { at: `item ${number}`, reason: `not JSON: ${err.message}` } };
      continue;
    }
    yield entry(value, `item ${number}`);
  }
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
 * Writes items into a table as they come from `entries` (readItems' {item, at} and {refused}):
 * BatchWriteItem, 25 at a time, UnprocessedItems retried with backoff. A batch the server refuses as
 * a whole (one bad item fails them all) is written item by item, so the others get in and the bad
 * ones are named. `progress(read, written)` is called after each batch. Resolves to {read, written,
 * refused: [{at, key, reason}]}.
 */
export async function importItems(tableName, entries, keys, progress = () => {}) {
  const refused = [];
  let written = 0;
  let read = 0;
  let chunk = [];
  const flush = async () => {
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
    chunk = [];
    progress(read, written);
  };
  for await (const entry of entries) {
    read++;
    if (entry.refused) {
      refused.push(entry.refused);
      continue;
    }
    const { item, at } = entry;
    const missing = keys.filter((k) => item[k] === undefined);
    if (missing.length) {
      refused.push({ at, key: keyOf(item, keys), reason: `no key attribute ${missing.join(', ')}` });
      continue;
    }
    chunk.push(entry);
    if (chunk.length === BATCH) await flush();
  }
  if (chunk.length) await flush();
  return { read, written, refused };
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
    busy(true);
    bar.hidden = false;
    bar.max = Math.max(1, chosen.size);
    bar.value = 0;
    fill(summary);
    let format = '';
    let bytes = 0;
    const entries = readItems(textChunks(chosen, (n) => { bytes = n; }), types, (f) => { format = f; });
    const result = await importItems(table.TableName, entries, keys, (read, written) => {
      bar.value = bytes;
      message(status, `Importing ${chosen.name} (${format}) into ${table.TableName}: ${read} read, ${written} written,`
        + ` ${bytesText(bytes)} of ${bytesText(chosen.size)}…`);
    }).catch((err) => ({ error: err }));
    busy(false);
    if (result.error) return message(status, `Stopped: ${explain(result.error)}`, 'error');
    bar.value = bar.max;
    // in the file's order: "line 3" before "line 12"
    const place = (r) => Number(/\d+/.exec(r.at)) || 0;
    const refused = result.refused.sort((a, b) => place(a) - place(b));
    message(status, `Imported ${result.written} of ${result.read} item${result.read === 1 ? '' : 's'} from`
      + ` ${chosen.name} (${format || 'empty'}) into ${table.TableName}; ${refused.length} refused.`, refused.length ? 'error' : 'ok');
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
