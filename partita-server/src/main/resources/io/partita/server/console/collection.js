// The single-table view: one item collection (a partition key value) grouped by entity type, each
// item's keys decoded against key templates: from a OneTable-style JSON schema the user pastes, or
// inferred from the data's PREFIX#value shapes.
import { all, call, tableNames } from './api.js';
import { tableSelect, editItem, keyCondition } from './items.js';
import { explain, field, fill, h, message, results } from './ui.js';
import { keyNames, text } from './values.js';

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

/**
 * A schema's models compiled: each key template ("USER#${username}") as a pattern whose groups
 * are the template's fields. Accepts OneTable's {"models": {"User": {"pk": {"value": ...}, "sk": ...}}}.
 */
export function compileSchema(schema) {
  const models = schema && (schema.models || schema.Models);
  if (!models || typeof models !== 'object') throw new Error('expected {"models": {"Name": {"pk": {"value": "..."}}}}');
  const compile = (template) => {
    if (template == null) return null;
    const fields = [];
    const source = String(template).split(/\$\{([^}]+)\}/).map((part, i) => {
      if (i % 2) {
        fields.push(part);
        return '([^#]*)'; // a field ends at the next delimiter
      }
      return part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
    }).join('');
    return { template: String(template), fields, pattern: new RegExp(`^${source}$`) };
  };
  return Object.entries(models).map(([name, model]) => ({
    name,
    pk: compile(model.pk && (model.pk.value ?? model.pk)),
    sk: compile(model.sk && (model.sk.value ?? model.sk)),
  })).filter((m) => m.pk);
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
  for (const m of models || []) {
    const a = matchTemplate(m.pk, pk);
    const b = a && (m.sk || sk === undefined ? matchTemplate(m.sk, sk) : {});
    if (a && b) {
      return { type: m.name, source: 'schema', templates: [m.pk.template, m.sk && m.sk.template].filter(Boolean),
        fields: Object.entries({ ...a, ...b }).map(([label, value]) => ({ label, value })) };
    }
  }
  const attribute = TYPE_ATTRIBUTES.find((a) => item[a] && typeof item[a].S === 'string');
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

export async function render(root, params) {
  const names = await tableNames();
  if (!names.length) return fill(root, h('h1', {}, 'Collections'), h('p', {}, 'No tables yet.'));
  const tableChoice = tableSelect(names, params.get('table'));
  const pk = h('input', { type: 'text', name: 'pk', spellcheck: 'false', value: params.get('pk') || '' });
  const schemaText = h('textarea', { rows: '8', spellcheck: 'false', class: 'code', name: 'schema',
    placeholder: '{"models": {"User": {"pk": {"value": "USER#${username}"}, "sk": {"value": "PROFILE"}}}}' });
  const status = h('div');
  const out = h('div', { class: 'collection' });
  const loadSchema = () => { schemaText.value = localStorage.getItem(SCHEMA(tableChoice.value)) || ''; };
  loadSchema();
  tableChoice.addEventListener('change', loadSchema);

  const show = async () => {
    let models = null;
    const schema = schemaText.value.trim();
    try {
      if (schema) models = compileSchema(JSON.parse(schema));
      if (schema) localStorage.setItem(SCHEMA(tableChoice.value), schema);
      else localStorage.removeItem(SCHEMA(tableChoice.value));
    } catch (err) {
      return message(status, `The schema is not usable: ${err.message}`, 'error');
    }
    try {
      const { Table: table } = await call('DescribeTable', { TableName: tableChoice.value });
      const keys = keyNames(table.KeySchema);
      const pkType = table.AttributeDefinitions.find((d) => d.AttributeName === keys[0]).AttributeType;
      const items = await all('Query', { TableName: table.TableName, ...keyCondition(keys[0], pkType, pk.value) },
        'Items', 'ExclusiveStartKey', 'LastEvaluatedKey', 1000);
      const groups = group(items, keys, models);
      message(status, `${items.length} item${items.length === 1 ? '' : 's'} in ${keys[0]} = ${pk.value}, `
        + `${groups.length} entity type${groups.length === 1 ? '' : 's'}${items.length >= 1000 ? ' (first 1000 shown)' : ''}.`, 'ok');
      fill(out, groups.map((g) => h('section', { class: 'entity', 'data-entity': g.type },
        h('h2', {}, g.type, h('span', { class: 'count' }, ` ${g.rows.length}`)),
        h('p', { class: 'muted' }, `Type from ${g.source}. Key templates: ${[...g.templates].join('; ')}`),
        h('ul', { class: 'decoded' }, g.rows.map(({ item, fields }) => h('li', {},
          h('span', { class: 'key' }, keys.map((k) => (item[k] ? text(item[k]) : '')).filter(Boolean).join(' · ')),
          h('span', { class: 'fields' }, fields.map((f) => h('span', { class: 'pair' }, h('b', {}, `${f.label}: `), f.value)))))),
        results(g.rows.map((r) => r.item), { keys, label: `${g.type} items`,
          onOpen: async (item) => { if (await editItem(table, item)) show(); } }))));
    } catch (err) {
      message(status, explain(err), 'error');
    }
  };

  fill(root, h('h1', {}, 'Collections'),
    h('p', { class: 'muted' }, 'One item collection, grouped by entity type, with each key decoded.'),
    h('form', { class: 'builder', onsubmit: (e) => {
      e.preventDefault();
      history.replaceState(null, '', `#/collection?table=${encodeURIComponent(tableChoice.value)}&pk=${encodeURIComponent(pk.value)}`);
      show();
    } },
    h('div', { class: 'row' }, field('Table', tableChoice), field('Partition key value', pk)),
    h('details', {}, h('summary', {}, 'Key templates from a schema (optional)'),
      field('OneTable-style schema (JSON)', schemaText, 'Models whose pk/sk templates match an item name its type and fields;'
        + ' kept in this browser per table.')),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Show collection'))),
  status, out);
  if (pk.value) show();
}
