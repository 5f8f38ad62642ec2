// Items: the Query and Scan builder with paging both ways, results three ways, and the item editor
// whose saves are conditional on the item being unchanged since it was loaded.
import { call, tableNames } from './api.js';
import { Pages, dialog, explain, field, fill, h, message, results, select } from './ui.js';
import { transferPanel } from './transfer.js';
import { attributeType, capacityText, indexNamed, indexesOf, keyNames, keyOf, namesIn, ordered, projection, typed, unchangedCondition } from './values.js';

const OPERATORS = [['', '(any)'], ['=', '='], ['<', '<'], ['<=', '<='], ['>', '>'], ['>=', '>='],
  ['BETWEEN', 'BETWEEN'], ['begins_with', 'begins_with']];

/** The chooser of a table, with the route's table chosen. */
export function tableSelect(names, chosen) {
  return select(names, { name: 'table', value: chosen || names[0] });
}

/** The key condition of a Query: partition key = value, and the sort key's operator if one is given. */
export function keyCondition(pkName, pkType, pkValue, sk) {
  const names = { '#pk': pkName };
  const values = { ':pk': typed(pkType, pkValue) };
  let expression = '#pk = :pk';
  if (sk && sk.name && sk.op) {
    names['#sk'] = sk.name;
    values[':sk'] = typed(sk.type, sk.value);
    if (sk.op === 'BETWEEN') {
      values[':sk2'] = typed(sk.type, sk.value2);
      expression += ' AND #sk BETWEEN :sk AND :sk2';
    } else if (sk.op === 'begins_with') {
      expression += ' AND begins_with(#sk, :sk)';
    } else {
      expression += ` AND #sk ${sk.op} :sk`;
    }
  }
  return { KeyConditionExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

function merge(request, part) {
  if (!part) return request;
  for (const [k, v] of Object.entries(part)) {
    request[k] = k.startsWith('Expression') ? { ...(request[k] || {}), ...v } : v;
  }
  return request;
}

/** Opens the editor of an item (or a new one): DynamoDB JSON in a text area; resolves to true once saved or deleted. */
export function editItem(table, item, { fresh = false } = {}) {
  const keys = keyNames(table.KeySchema);
  const loaded = fresh ? null : item;
  return dialog(fresh ? `New item in ${table.TableName}` : `Item in ${table.TableName}`, (close) => {
    const area = h('textarea', { rows: '16', spellcheck: 'false', class: 'code', name: 'item-json' });
    area.value = JSON.stringify(ordered(item, keys), null, 2);
    const status = h('div');
    const parse = () => {
      const value = JSON.parse(area.value);
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('The item must be a JSON object');
      return value;
    };
    const conflict = (err) => (err.code === 'ConditionalCheckFailedException'
      ? (loaded ? 'Not saved: the item changed (or was deleted) since it was loaded. Close and open it again to see'
        + ' the current version, then edit that.' : 'Not saved: an item with this key already exists.')
      : explain(err));
    const save = async (e) => {
      e.preventDefault();
      let next;
      try {
        next = parse();
      } catch (err) {
        return message(status, `Not valid DynamoDB JSON: ${err.message}`, 'error');
      }
      const request = { TableName: table.TableName, Item: next, ReturnConsumedCapacity: 'TOTAL' };
      const sameKey = loaded && keys.every((k) => JSON.stringify(next[k]) === JSON.stringify(loaded[k]));
      if (loaded && sameKey) {
        const { version, ...condition } = unchangedCondition(loaded);
        if (version && JSON.stringify(next[version]) === JSON.stringify(loaded[version])) {
          next[version] = { N: String(Number(loaded[version].N) + 1) };
        }
        merge(request, condition);
      } else {
        // a new key (a new item, a duplicate, or a key changed by hand) must not overwrite another item
        merge(request, { ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': keys[0] } });
      }
      try {
        const answer = await call('PutItem', request);
        message(status, `Saved. Consumed capacity: ${capacityText(answer.ConsumedCapacity)}`, 'ok');
        close(true);
      } catch (err) {
        message(status, conflict(err), 'error');
      }
    };
    const remove = async () => {
      try {
        await call('DeleteItem', merge({ TableName: table.TableName, Key: keyOf(loaded, keys), ReturnConsumedCapacity: 'TOTAL' },
          (({ version, ...c }) => c)(unchangedCondition(loaded))));
        close(true);
      } catch (err) {
        message(status, conflict(err), 'error');
      }
    };
    const duplicate = () => {
      close(false);
      const copy = JSON.parse(area.value);
      editItem(table, copy, { fresh: true });
    };
    return h('form', { class: 'editor', onsubmit: save },
      field('Item (DynamoDB JSON)', area, loaded
        ? 'Saved only if the item is unchanged since it was loaded (its version attribute, or every attribute).'
        : `Give it a new key (${keys.join(', ')}).`),
      status,
      h('div', { class: 'actions' },
        h('button', { type: 'submit', class: 'primary' }, fresh ? 'Create item' : 'Save'),
        loaded ? h('button', { type: 'button', onclick: duplicate }, 'Duplicate') : null,
        loaded ? h('button', { type: 'button', class: 'danger', onclick: remove }, 'Delete item') : null,
        h('button', { type: 'button', onclick: () => close(false) }, 'Close')));
  });
}

export async function render(root, params) {
  const names = await tableNames();
  if (!names.length) {
    return fill(root, h('h1', {}, 'Items'), h('p', {}, 'No tables yet. ', h('a', { href: '#/tables' }, 'Create one'), '.'));
  }
  const f = {
    table: tableSelect(names, params.get('table')),
    index: select([['', '(table)']], { name: 'index' }),
    mode: select([['Query', 'Query'], ['Scan', 'Scan']], { name: 'mode', value: params.get('mode') || 'Query' }),
    pk: h('input', { type: 'text', name: 'pk', spellcheck: 'false', value: params.get('pk') || '' }),
    op: select(OPERATORS, { name: 'sk-op' }),
    sk: h('input', { type: 'text', name: 'sk', spellcheck: 'false' }),
    sk2: h('input', { type: 'text', name: 'sk2', spellcheck: 'false' }),
    filter: h('input', { type: 'text', name: 'filter', spellcheck: 'false', placeholder: '#status = :s' }),
    values: h('input', { type: 'text', name: 'values', spellcheck: 'false', placeholder: '{":s": {"S": "OPEN"}}' }),
    projection: h('input', { type: 'text', name: 'projection', spellcheck: 'false', placeholder: 'PK, SK, name' }),
    direction: select([['forward', 'Forward'], ['backward', 'Backward']], { name: 'direction' }),
    limit: h('input', { type: 'number', name: 'limit', min: '1', value: '25' }),
  };
  const pkLabel = h('span');
  const skLabel = h('span');
  const queryOnly = h('div', { class: 'row' });
  const sk2Field = field('and', f.sk2);
  const status = h('div');
  const out = h('div');
  const pager = h('div', { class: 'actions pager' });
  let table;
  const page = new Pages();
  const view = {};
  let ran = false;

  const keysOfChoice = () => {
    const index = indexNamed(table, f.index.value);
    return keyNames(index ? index.KeySchema : table.KeySchema);
  };
  const typeOfAttr = (n) => attributeType(table, n);
  const relabel = () => {
    const [pk, sk] = keysOfChoice();
    fill(pkLabel, `Partition key ${pk} =`);
    fill(skLabel, sk ? `Sort key ${sk}` : 'No sort key');
    f.op.disabled = !sk;
    f.sk.disabled = !sk;
    queryOnly.hidden = f.mode.value !== 'Query';
    sk2Field.hidden = f.op.value !== 'BETWEEN';
  };
  const loadTable = async () => {
    table = (await call('DescribeTable', { TableName: f.table.value })).Table;
    const indexes = indexesOf(table);
    fill(f.index, h('option', { value: '' }, '(table)'), indexes.map((i) => h('option', { value: i.IndexName }, i.IndexName)));
    relabel();
  };

  const request = () => {
    const r = { TableName: table.TableName, ReturnConsumedCapacity: 'TOTAL' };
    if (f.index.value) r.IndexName = f.index.value;
    if (f.limit.value) r.Limit = Number(f.limit.value);
    if (f.mode.value === 'Query') {
      const [pk, sk] = keysOfChoice();
      merge(r, keyCondition(pk, typeOfAttr(pk), f.pk.value, sk && f.op.value
        ? { name: sk, type: typeOfAttr(sk), op: f.op.value, value: f.sk.value, value2: f.sk2.value } : null));
      r.ScanIndexForward = f.direction.value === 'forward';
    }
    if (f.filter.value.trim()) {
      r.FilterExpression = f.filter.value.trim();
      merge(r, { ExpressionAttributeNames: namesIn(f.filter.value) });
    }
    if (f.values.value.trim()) merge(r, { ExpressionAttributeValues: JSON.parse(f.values.value) });
    merge(r, projection(f.projection.value));
    if (page.current) r.ExclusiveStartKey = page.current;
    return r;
  };

  const run = async () => {
    let answer;
    try {
      answer = await call(f.mode.value, request());
    } catch (err) {
      return message(status, explain(err), 'error');
    }
    ran = true;
    const items = answer.Items || [];
    const next = answer.LastEvaluatedKey;
    message(status, `${f.mode.value}: ${answer.Count} item${answer.Count === 1 ? '' : 's'} (${answer.ScannedCount} read),`
      + ` page ${page.number}. Consumed capacity: ${capacityText(answer.ConsumedCapacity)}`, 'ok');
    const keys = keyNames(table.KeySchema);
    fill(out, results(items, { keys: [...new Set([...keys, ...keysOfChoice()])], state: view, label: 'Items',
      onOpen: async (item) => {
        // the editor loads the item afresh: the condition compares against what the user sees
        const got = await call('GetItem', { TableName: table.TableName, Key: keyOf(item, keys), ConsistentRead: true });
        if (!got.Item) return message(status, 'That item no longer exists.', 'error');
        if (await editItem(table, got.Item)) run();
      } }));
    page.buttons(pager, next, run);
  };

  f.table.addEventListener('change', async () => {
    await loadTable();
    history.replaceState(null, '', `#/items?table=${encodeURIComponent(f.table.value)}`);
  });
  for (const c of [f.index, f.mode, f.op]) c.addEventListener('change', relabel);

  fill(queryOnly,
    field(skLabel, f.op), field('Value', f.sk), sk2Field, field('Order', f.direction));
  fill(root, h('h1', {}, 'Items'),
    h('form', { class: 'builder', onsubmit: (e) => {
      e.preventDefault();
      page.reset();
      run();
    } },
    h('div', { class: 'row' }, field('Table', f.table), field('Index', f.index), field('Operation', f.mode)),
    h('div', { class: 'row' }, field(pkLabel, f.pk)),
    queryOnly,
    h('div', { class: 'row' }, field('Filter expression', f.filter, '#name refers to the attribute name'),
      field('Expression values (DynamoDB JSON)', f.values)),
    h('div', { class: 'row' }, field('Projection (attribute names)', f.projection), field('Limit', f.limit)),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Run'),
      h('button', { type: 'button', onclick: async () => {
        const [pk, sk] = keyNames(table.KeySchema);
        const blank = { [pk]: { [typeOfAttr(pk)]: '' }, ...(sk ? { [sk]: { [typeOfAttr(sk)]: '' } } : {}) };
        // the results shown are refreshed, if any are: a query not yet run may lack its key
        if (await editItem(table, blank, { fresh: true }) && ran) run();
      } }, 'New item'))),
  transferPanel(() => {
    let query = null;
    try {
      // the builder's request, every page: no start key, no limit
      const { ExclusiveStartKey, Limit, ReturnConsumedCapacity, ...rest } = request();
      query = rest;
    } catch {
      // values that are not JSON: the export says so
    }
    const keys = keyNames(table.KeySchema);
    return { table, keys, types: Object.fromEntries(keys.map((k) => [k, typeOfAttr(k)])), query };
  }, () => ran && run()),
  status, pager, out);
  await loadTable();
  if (params.get('pk') || f.mode.value === 'Scan') run();
}
