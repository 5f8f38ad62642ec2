// The single-table view: one item collection (a partition key value) grouped by entity type, each
// item's keys decoded against key templates: from a schema the user pastes (OneTable's or Partita's,
// schema.js), or inferred from the data's PREFIX#value shapes; and a schema's access patterns, each
// with the index that serves it, run with parameters.
import { all, call, getText, tableNames } from './api.js';
import { tableSelect, editItem, keyCondition } from './items.js';
import { textChunks } from './transfer.js';
import { ENDS, endValues, fillTemplate, patternText, readSchema } from './schema.js';
import { explain, field, fill, grid, h, message, results } from './ui.js';
import { attributeType, indexNamed, keyNames, text } from './values.js';

/** Attributes that name an item's entity type, tried in this order (ElectroDB's is __edb_e__). */
export const TYPE_ATTRIBUTES = ['_type', 'type', 'entityType', '__edb_e__'];

/**
 * A key value decoded as PREFIX#value pairs: "USER#alice" is [{label: USER, value: alice}],
 * "ORDER#2025-001#ITEM#3" two pairs, and a trailing lone word ("PROFILE") a constant {label}.
 */
export function decodeKey(value) {
  const parts = String(value).split('#');
  const out = [];
  for (let i = 0; i < parts.length; i += 2) {
    out.push(i + 1 < parts.length ? { label: parts[i], value: parts[i + 1] } : { label: parts[i] });
  }
  return out;
}

/** The template of a decoded key: USER#{user}, ORDER#{order}#ITEM#{item}. */
export function templateOf(decoded) {
  return decoded.map((p) => ('value' in p ? `${p.label}#{${p.label.toLowerCase()}}` : p.label)).join('#');
}

/** The entity type an item's sort key (or partition key) suggests: its leading PREFIX. */
function inferredType(item, keys) {
  const key = item[keys[1]] || item[keys[0]];
  return key ? decodeKey(text(key))[0].label || '(empty)' : '(unknown)';
}

function matchTemplate(t, value) {
  if (!t) return value === undefined ? {} : null;
  const m = value === undefined ? null : t.pattern.exec(value);
  return m ? Object.fromEntries(t.fields.map((f, i) => [f, m[i + 1]])) : null;
}

/**
 * How one item is understood: its entity type and where that came from, and its keys' fields with
 * the templates they fit.
 */
export function understand(item, keys, models) {
  const pk = item[keys[0]] === undefined ? undefined : text(item[keys[0]]);
  const sk = keys[1] && item[keys[1]] !== undefined ? text(item[keys[1]]) : undefined;
  const typeAttribute = TYPE_ATTRIBUTES.find((a) => item[a] && typeof item[a].S === 'string');
  for (const m of models || []) {
    // a schema's entity with a type must agree with the item's type attribute, if it has one
    if (m.type && typeAttribute && item[typeAttribute].S !== m.type) continue;
    const a = matchTemplate(m.pk, pk);
    const b = a && (m.sk || sk === undefined ? matchTemplate(m.sk, sk) : {});
    if (a && b) {
      return { type: m.name, source: 'schema', templates: [m.pk.template, m.sk && m.sk.template].filter(Boolean),
        fields: Object.entries({ ...a, ...b }).map(([label, value]) => ({ label, value })) };
    }
  }
  const attribute = typeAttribute;
  const decoded = [pk, sk].filter((v) => v !== undefined).map(decodeKey);
  return {
    type: attribute ? item[attribute].S : inferredType(item, keys),
    source: attribute ? `attribute ${attribute}` : 'sort key prefix',
    templates: decoded.map(templateOf),
    fields: decoded.flat().filter((p) => 'value' in p),
  };
}

/** The items grouped by entity type, in order of first appearance. */
export function group(items, keys, models) {
  const groups = new Map();
  for (const item of items) {
    const u = understand(item, keys, models);
    if (!groups.has(u.type)) groups.set(u.type, { type: u.type, source: u.source, templates: new Set(), rows: [] });
    const g = groups.get(u.type);
    u.templates.forEach((t, i) => g.templates.add(`${keys[i]}: ${t}`));
    g.rows.push({ item, fields: u.fields });
  }
  return [...groups.values()];
}

const SCHEMA = (table) => `partita.console.schema.${table}`;

/** Items grouped by entity, each group with its decoded keys and its items' grid. */
function groupsView(items, table, models, changed) {
  const keys = keyNames(table.KeySchema);
  const groups = group(items, keys, models);
  return { groups, view: groups.map((g) => h('section', { class: 'entity', 'data-entity': g.type },
    h('h2', {}, g.type, h('span', { class: 'count' }, ` ${g.rows.length}`)),
    h('p', { class: 'muted' }, `Type from ${g.source}. Key templates: ${[...g.templates].join('; ')}`),
    h('ul', { class: 'decoded' }, g.rows.map(({ item, fields }) => h('li', {},
      h('span', { class: 'key' }, keys.map((k) => (item[k] ? text(item[k]) : '')).filter(Boolean).join(' · ')),
      h('span', { class: 'fields' }, fields.map((f) => h('span', { class: 'pair' }, h('b', {}, `${f.label}: `), f.value)))))),
    results(g.rows.map((r) => r.item), { keys, label: `${g.type} items`,
      onOpen: async (item) => { if (await editItem(table, item)) changed(); } }))) };
}

/** The Query of an access pattern with its parameters' values, on the table or the index that serves it. */
export function patternQuery(p, table, values) {
  const index = indexNamed(table, p.index);
  if (p.index && !index) throw new Error(`${table.TableName} has no index ${p.index}`);
  const [pk, sk] = keyNames((index || table).KeySchema);
  const type = (n) => attributeType(table, n);
  if (p.sk && !sk) throw new Error(`${p.index || table.TableName} has no sort key`);
  const end = (i) => (p.sk.perEnd ? endValues(values, i) : values);
  const condition = p.sk ? { name: sk, type: type(sk), op: p.sk.op,
    value: fillTemplate(p.sk.templates[0], end(0), p.sk.op === 'begins_with'),
    value2: p.sk.templates[1] === undefined ? undefined : fillTemplate(p.sk.templates[1], end(1)) } : null;
  return { TableName: table.TableName, ...(p.index ? { IndexName: p.index } : {}),
    ...keyCondition(pk, type(pk), fillTemplate(p.pk, values), condition) };
}

/** An index of a table description in words: "the GSI GSI1 (projection ALL)". */
function servedBy(table, name) {
  if (!name) return 'the table\'s key';
  const kind = (table.LocalSecondaryIndexes || []).some((i) => i.IndexName === name) ? 'LSI' : 'GSI';
  return `the ${kind} ${name} (projection ${projectionText(indexNamed(table, name).Projection)})`;
}

function projectionText(p) {
  if (!p) return '?';
  return p.ProjectionType === 'INCLUDE' ? `INCLUDE ${(p.NonKeyAttributes || []).join(', ')}` : p.ProjectionType;
}

/** A parameter's label: a per-end BETWEEN's day-low is "day (low end)". */
function paramLabel(p, name) {
  const end = p.sk && p.sk.perEnd && ENDS.find((e) => name.endsWith(`-${e}`));
  return end ? `${name.slice(0, -end.length - 1)} (${end} end)` : name;
}

/** A pattern as a card: its key condition, the index serving it, a field per parameter, and Run. */
function patternCard(p, table, run) {
  const index = indexNamed(table, p.index);
  const missing = p.index && !index;
  const inputs = p.fields.map((name) => h('input', { type: 'text', name: `param-${name}`, spellcheck: 'false',
    'data-param': name }));
  return h('form', { class: 'pattern', 'data-pattern': p.name, onsubmit: (e) => {
    e.preventDefault();
    run(p, Object.fromEntries(inputs.map((i) => [i.dataset.param, i.value])));
  } },
  h('h3', {}, p.name),
  p.description ? h('p', {}, p.description) : null,
  h('p', { class: 'muted' }, missing ? h('b', { class: 'danger-text' }, `Served by ${p.index}, which ${table.TableName} does not have.`)
    : `Served by ${servedBy(table, p.index)}: ${patternText(p, keyNames((index || table).KeySchema))}`,
  p.entities.length ? ` · returns ${p.entities.join(', ')}` : '',
  p.sk && p.sk.perEnd ? ' · each end of the BETWEEN fills the template with its own values' : ''),
  h('div', { class: 'row' }, p.fields.map((name, i) => field(paramLabel(p, name), inputs[i])),
    h('button', { type: 'submit', class: 'primary', disabled: missing }, `Run ${p.name}`)));
}

/**
 * The schema's indexes beside the table's: kind, keys and projection as the schema declares them, what
 * the table has (or that it lacks the index), and the patterns each serves.
 */
function indexTable(read, table) {
  const names = [...new Set([...read.indexes.map((i) => i.name), ...read.patterns.map((p) => p.index).filter(Boolean)])];
  if (!names.length) return null;
  const declared = Object.fromEntries(read.indexes.map((i) => [i.name, i]));
  return h('section', { class: 'schema-indexes', 'aria-labelledby': 'schema-indexes-title' },
    h('h2', { id: 'schema-indexes-title' }, 'Indexes'),
    grid(['Index', 'Kind', 'Keys', 'Projection (schema)', 'On the table', 'Serves'], names.map((name) => {
      const d = declared[name] || {};
      const real = indexNamed(table, name);
      const serves = read.patterns.filter((p) => p.index === name).map((p) => p.name);
      return [name, d.kind || '', [d.pk, d.sk].filter(Boolean).join(' + '),
        d.projection ? projectionText({ ProjectionType: d.projection, NonKeyAttributes: d.nonKeyAttributes }) : '',
        real ? `${servedBy(table, name).replace(/^the /, '')}, ${keyNames(real.KeySchema).join(' + ')}` : 'missing',
        serves.join(', ') || '—'];
    })));
}

const EXAMPLE = '{"entities": {"User": {"pk": "USER#{username}", "sk": "PROFILE"}},\n'
  + ' "patterns": [{"name": "ordersOfUser", "index": null, "pk": "USER#{username}", "sk": {"begins_with": "ORDER#"}}]}';

export async function render(root, params) {
  const names = await tableNames();
  if (!names.length) return fill(root, h('h1', {}, 'Collections'), h('p', {}, 'No tables yet.'));
  const tableChoice = tableSelect(names, params.get('table'));
  const pk = h('input', { type: 'text', name: 'pk', spellcheck: 'false', value: params.get('pk') || '' });
  const schemaText = h('textarea', { rows: '8', spellcheck: 'false', class: 'code', name: 'schema', placeholder: EXAMPLE });
  const status = h('div');
  const patterns = h('section', { class: 'patterns', 'aria-label': 'Access patterns' });
  const out = h('div', { class: 'collection' });
  let last = null; // what `out` shows, to show again after an edit

  /** The schema pasted, read (and kept for the table), or null; a schema that cannot be read says why. */
  const schema = () => {
    const source = schemaText.value.trim();
    if (!source) {
      localStorage.removeItem(SCHEMA(tableChoice.value));
      return null;
    }
    const read = readSchema(JSON.parse(source));
    localStorage.setItem(SCHEMA(tableChoice.value), source);
    return read;
  };
  const describe = async () => (await call('DescribeTable', { TableName: tableChoice.value })).Table;

  const showItems = (items, table, models, what) => {
    const { groups, view } = groupsView(items, table, models, () => last && last());
    message(status, `${what}: ${items.length} item${items.length === 1 ? '' : 's'}, `
      + `${groups.length} entity type${groups.length === 1 ? '' : 's'}${items.length >= 1000 ? ' (first 1000 shown)' : ''}.`, 'ok');
    fill(out, view);
  };

  const runPattern = async (p, values) => {
    last = () => runPattern(p, values);
    try {
      const read = schema();
      const table = await describe();
      const request = patternQuery(p, table, values);
      const items = await all('Query', request, 'Items', 'ExclusiveStartKey', 'LastEvaluatedKey', 1000);
      showItems(items, table, read && read.models, `${p.name} (${p.index ? `index ${p.index}` : 'table'})`);
    } catch (err) {
      message(status, explain(err), 'error');
    }
  };

  const listPatterns = async () => {
    fill(patterns);
    let read;
    try {
      read = schema();
    } catch (err) {
      message(status, `The schema is not usable: ${err.message}`, 'error');
      return false;
    }
    if (!read || !read.patterns.length) return true;
    const table = await describe();
    fill(patterns, h('h2', {}, 'Access patterns'),
      h('p', { class: 'muted' }, `From the ${read.format} schema: fill the parameters and run one; a begins_with stops at its first empty parameter.`),
      h('div', { class: 'pattern-list' }, read.patterns.map((p) => patternCard(p, table, runPattern))),
      indexTable(read, table));
    return true;
  };

  const show = async () => {
    last = show;
    if (!(await listPatterns())) return;
    try {
      const read = schema();
      const table = await describe();
      const keys = keyNames(table.KeySchema);
      const items = await all('Query', { TableName: table.TableName, ...keyCondition(keys[0], attributeType(table, keys[0]), pk.value) },
        'Items', 'ExclusiveStartKey', 'LastEvaluatedKey', 1000);
      showItems(items, table, read && read.models, `${keys[0]} = ${pk.value}`);
    } catch (err) {
      message(status, explain(err), 'error');
    }
  };

  // the schema kept in this browser for the table, else one registered with the server
  // (PUT /partita/schemas/TABLE, what partita-model's Model.describe() writes)
  const loadSchema = async () => {
    schemaText.value = localStorage.getItem(SCHEMA(tableChoice.value)) || '';
    if (!schemaText.value && tableChoice.value) {
      const listed = await getText('/partita/schemas');
      if (listed.ok && (JSON.parse(listed.text).Tables || []).includes(tableChoice.value)) {
        const registered = await getText(`/partita/schemas/${encodeURIComponent(tableChoice.value)}`);
        if (registered.ok) schemaText.value = registered.text;
      }
    }
    await listPatterns();
  };
  const reloadSchema = () => loadSchema().catch((err) => message(status, explain(err), 'error'));
  // a schema file read as the import reads files (streamed), then used at once
  const schemaFile = h('input', { type: 'file', name: 'schema-file', accept: '.json,application/json', onchange: async () => {
    const chosen = schemaFile.files && schemaFile.files[0];
    if (!chosen) return;
    if (chosen.size > 256 * 1024) return message(status, `${chosen.name} is larger than 256 KiB: not a schema.`, 'error');
    let text = '';
    for await (const chunk of textChunks(chosen)) text += chunk;
    schemaText.value = text;
    if (await listPatterns().catch((err) => message(status, explain(err), 'error'))) {
      message(status, `Schema loaded from ${chosen.name}.`, 'ok');
    }
  } });
  tableChoice.addEventListener('change', reloadSchema);
  reloadSchema();

  fill(root, h('h1', {}, 'Collections'),
    h('p', { class: 'muted' }, 'One item collection, grouped by entity type, with each key decoded; a schema\'s access patterns, run with parameters.'),
    h('form', { class: 'builder', onsubmit: (e) => {
      e.preventDefault();
      history.replaceState(null, '', `#/collection?table=${encodeURIComponent(tableChoice.value)}&pk=${encodeURIComponent(pk.value)}`);
      show();
    } },
    h('div', { class: 'row' }, field('Table', tableChoice), field('Partition key value', pk)),
    h('details', { open: schemaText.value ? true : null }, h('summary', {}, 'Schema: key templates and access patterns (optional)'),
      field('Schema (JSON): Partita\'s entities and patterns, or OneTable\'s models', schemaText,
        'Entities whose pk/sk templates match an item name its type and fields; patterns are listed below to run.'
        + ' Kept in this browser per table. The format is in docs/console.md.'),
      h('div', { class: 'row' }, field('Or load a schema file', schemaFile, 'A JSON file of either format (at most 256 KiB); it fills the box above.')),
      h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => listPatterns().catch((err) => message(status, explain(err), 'error')) },
        'Use schema'))),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Show collection'))),
  status, patterns, out);
  if (pk.value) show();
}
