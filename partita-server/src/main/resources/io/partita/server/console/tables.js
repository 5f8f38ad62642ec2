// Tables: every table with its figures, keys, indexes, TTL, stream, billing and tags; create and delete.
import { all, call, tableNames } from './api.js';
import { dialog, explain, field, fill, grid, h, message, select } from './ui.js';
import { bytes, keyNames } from './values.js';
import { vectorText } from './vectors.js';

const TYPES = [['S', 'String'], ['N', 'Number'], ['B', 'Binary']];

/** Every table's description (DescribeTable, DescribeTimeToLive, ListTagsOfResource), in name order. */
export async function describeAll() {
  const names = await tableNames();
  return Promise.all(names.map(async (name) => {
    const { Table } = await call('DescribeTable', { TableName: name });
    const [ttl, tags] = await Promise.all([
      call('DescribeTimeToLive', { TableName: name }).catch(() => ({})),
      all('ListTagsOfResource', { ResourceArn: Table.TableArn }, 'Tags', 'NextToken', 'NextToken').catch(() => []),
    ]);
    return { ...Table, ttl: ttl.TimeToLiveDescription, tags };
  }));
}

/** A key schema in words: "PK (S) + SK (S)". */
export function keyText(keySchema, definitions) {
  const types = Object.fromEntries((definitions || []).map((d) => [d.AttributeName, d.AttributeType]));
  return keyNames(keySchema).map((n) => `${n} (${types[n] || '?'})`).join(' + ');
}

function projectionText(p) {
  if (!p) return '';
  return p.ProjectionType === 'INCLUDE' ? `INCLUDE ${(p.NonKeyAttributes || []).join(', ')}` : p.ProjectionType;
}

function indexRows(table) {
  const rows = [
    ...(table.GlobalSecondaryIndexes || []).map((i) => ['GSI', i]),
    ...(table.LocalSecondaryIndexes || []).map((i) => ['LSI', i]),
    ...(table.VectorIndexes || []).map((i) => ['Vector', i]),
  ];
  if (!rows.length) return h('p', { class: 'muted' }, 'No secondary indexes.');
  return grid(['Index', 'Kind', 'Keys', 'Projection', 'Status', 'Items', 'Size'], rows.map(([kind, i]) => [
    i.IndexName, kind, kind === 'Vector' ? vectorText(i) : keyText(i.KeySchema, table.AttributeDefinitions),
    projectionText(i.Projection), i.IndexStatus || 'ACTIVE', i.ItemCount ?? '', bytes(i.IndexSizeBytes)]), 5);
}

function tableCard(t, refresh) {
  const ttl = t.ttl && t.ttl.TimeToLiveStatus === 'ENABLED' ? `on (${t.ttl.AttributeName})` : 'off';
  const stream = t.StreamSpecification && t.StreamSpecification.StreamEnabled
    ? `on (${t.StreamSpecification.StreamViewType})` : 'off';
  const billing = t.BillingModeSummary ? t.BillingModeSummary.BillingMode
    : t.ProvisionedThroughput && t.ProvisionedThroughput.ReadCapacityUnits ? 'PROVISIONED' : 'PAY_PER_REQUEST';
  const capacity = billing === 'PROVISIONED'
    ? ` (${t.ProvisionedThroughput.ReadCapacityUnits} RCU, ${t.ProvisionedThroughput.WriteCapacityUnits} WCU)` : '';
  const facts = [
    ['Status', t.TableStatus], ['Items', t.ItemCount], ['Size', bytes(t.TableSizeBytes)],
    ['Key', keyText(t.KeySchema, t.AttributeDefinitions)], ['Billing', billing + capacity],
    ['TTL', ttl], ['Stream', stream],
    ['Tags', t.tags.length ? t.tags.map((g) => `${g.Key}=${g.Value}`).join(', ') : 'none'],
  ];
  const q = encodeURIComponent(t.TableName);
  return h('article', { class: 'card', 'data-table': t.TableName },
    h('h3', {}, t.TableName),
    h('dl', { class: 'facts' }, facts.map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v ?? ''))])),
    h('h4', {}, 'Indexes'), indexRows(t),
    h('div', { class: 'actions' },
      h('a', { class: 'button', href: `#/items?table=${q}` }, 'Items'),
      h('a', { class: 'button', href: `#/collection?table=${q}` }, 'Collections'),
      h('a', { class: 'button', href: `#/streams?table=${q}` }, 'Stream and TTL'),
      (t.VectorIndexes || []).length ? h('a', { class: 'button', href: `#/vectors?table=${q}` }, 'Vector search') : null,
      h('button', { type: 'button', class: 'danger', onclick: () => confirmDelete(t.TableName, refresh) }, 'Delete…')));
}

/** Deletes a table once its name is typed again. */
function confirmDelete(name, refresh) {
  return dialog(`Delete table ${name}`, (close) => {
    const typed = h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false' });
    const status = h('div');
    const form = h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        if (typed.value !== name) return message(status, `Type ${name} exactly to delete it.`, 'error');
        try {
          await call('DeleteTable', { TableName: name });
          close(true);
          refresh(`Table ${name} deleted.`);
        } catch (err) {
          message(status, explain(err), 'error');
        }
      },
    },
    h('p', {}, 'This deletes the table and every item in it. Type the table\'s name to confirm.'),
    field('Table name', typed), status,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'danger' }, 'Delete table'),
      h('button', { type: 'button', onclick: () => close(false) }, 'Cancel')));
    return form;
  });
}

function keyInputs(prefix, optional) {
  const name = h('input', { type: 'text', name: `${prefix}-name`, required: !optional, spellcheck: 'false' });
  const type = select(TYPES, { name: `${prefix}-type` });
  return { name, type };
}

/** One GSI or LSI row of the create form. */
function indexRow(kind, rows) {
  const name = h('input', { type: 'text', name: `${kind}-name`, required: true, spellcheck: 'false' });
  const pk = kind === 'gsi' ? keyInputs(`${kind}-pk`, false) : null;
  const sk = keyInputs(`${kind}-sk`, kind === 'gsi');
  const projectionType = select(['ALL', 'KEYS_ONLY'], { name: `${kind}-projection` });
  const row = h('fieldset', { class: 'index-row' }, h('legend', {}, kind === 'gsi' ? 'Global secondary index' : 'Local secondary index'),
    field('Index name', name),
    pk ? [field('Partition key', pk.name), field('Type', pk.type)] : null,
    field(kind === 'gsi' ? 'Sort key (optional)' : 'Sort key', sk.name), field('Type', sk.type),
    field('Projection', projectionType),
    h('button', { type: 'button', class: 'small', onclick: () => {
      rows.splice(rows.indexOf(spec), 1);
      row.remove();
    } }, 'Remove index'));
  const spec = { kind, name, pk, sk, projectionType, row };
  rows.push(spec);
  return row;
}

/** The CreateTable request of the form's fields. */
function createRequest(f, indexes) {
  const defs = new Map();
  const key = (n, t, kind) => {
    defs.set(n.value.trim(), t.value);
    return { AttributeName: n.value.trim(), KeyType: kind };
  };
  const schema = (pk, sk) => [key(pk.name, pk.type, 'HASH'), ...(sk.name.value.trim() ? [key(sk.name, sk.type, 'RANGE')] : [])];
  const request = { TableName: f.table.value.trim(), KeySchema: schema(f.pk, f.sk), BillingMode: f.billing.value };
  if (f.billing.value === 'PROVISIONED') {
    request.ProvisionedThroughput = { ReadCapacityUnits: Number(f.rcu.value), WriteCapacityUnits: Number(f.wcu.value) };
  }
  const gsis = indexes.filter((i) => i.kind === 'gsi');
  const lsis = indexes.filter((i) => i.kind === 'lsi');
  if (gsis.length) {
    request.GlobalSecondaryIndexes = gsis.map((i) => ({
      IndexName: i.name.value.trim(), KeySchema: schema(i.pk, i.sk), Projection: { ProjectionType: i.projectionType.value },
      ...(request.ProvisionedThroughput ? { ProvisionedThroughput: request.ProvisionedThroughput } : {}),
    }));
  }
  if (lsis.length) {
    request.LocalSecondaryIndexes = lsis.map((i) => ({
      IndexName: i.name.value.trim(), KeySchema: schema(f.pk, i.sk), Projection: { ProjectionType: i.projectionType.value },
    }));
  }
  request.AttributeDefinitions = [...defs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  return request;
}

function createForm(refresh) {
  const f = {
    table: h('input', { type: 'text', name: 'table-name', required: true, spellcheck: 'false' }),
    pk: keyInputs('pk', false),
    sk: keyInputs('sk', true),
    billing: select([['PAY_PER_REQUEST', 'On demand (PAY_PER_REQUEST)'], ['PROVISIONED', 'Provisioned']], { name: 'billing' }),
    rcu: h('input', { type: 'number', name: 'rcu', min: '1', value: '5' }),
    wcu: h('input', { type: 'number', name: 'wcu', min: '1', value: '5' }),
  };
  f.pk.name.value = 'PK';
  f.sk.name.value = 'SK';
  const provisioned = h('div', { class: 'row', hidden: true }, field('Read capacity units', f.rcu), field('Write capacity units', f.wcu));
  f.billing.addEventListener('change', () => { provisioned.hidden = f.billing.value !== 'PROVISIONED'; });
  const indexes = [];
  const indexList = h('div');
  const status = h('div');
  return h('details', { class: 'create' }, h('summary', {}, 'Create a table'),
    h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const request = createRequest(f, indexes);
          await call('CreateTable', request);
          e.target.reset();
          indexes.splice(0).forEach((i) => i.row.remove());
          refresh(`Table ${request.TableName} created.`);
        } catch (err) {
          message(status, explain(err), 'error');
        }
      },
    },
    field('Table name', f.table),
    h('div', { class: 'row' }, field('Partition key', f.pk.name), field('Type', f.pk.type),
      field('Sort key (optional)', f.sk.name), field('Type', f.sk.type)),
    h('div', { class: 'row' }, field('Billing mode', f.billing)), provisioned,
    indexList,
    h('div', { class: 'actions' },
      h('button', { type: 'button', onclick: () => indexList.append(indexRow('gsi', indexes)) }, 'Add GSI'),
      h('button', { type: 'button', onclick: () => indexList.append(indexRow('lsi', indexes)) }, 'Add LSI'),
      h('button', { type: 'submit', class: 'primary' }, 'Create table')),
    status));
}

export async function render(root) {
  const status = h('div');
  const list = h('div', { class: 'cards', 'aria-live': 'polite' });
  const refresh = async (news) => {
    message(status, news || '');
    try {
      const tables = await describeAll();
      fill(list, tables.length ? tables.map((t) => tableCard(t, refresh))
        : h('p', { class: 'muted' }, 'No tables yet: create one below.'));
    } catch (err) {
      message(status, explain(err), 'error');
    }
  };
  fill(root, h('h1', {}, 'Tables'),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => refresh() }, 'Refresh')),
    status, list, createForm(refresh));
  await refresh();
}
