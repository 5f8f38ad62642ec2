// Vector search: a table's vector indexes and SearchVectors on one of them, a vector pasted as JSON,
// TopK, the HASH value and the inline filters, the results with their scores (docs/vector-search.md).
import { call, tableNames } from './api.js';
import { explain, field, fill, grid, h, message, select } from './ui.js';
import { attributeType, text, typed } from './values.js';

/** A vector index's settings in words: "embedding, 768 × COSINE, HASH tenant, filters color". */
export function vectorText(v) {
  const schema = v.SearchSchema || [];
  const hash = schema.find((e) => e.SearchSchemaElementType === 'HASH');
  const filters = schema.filter((e) => e.SearchSchemaElementType === 'INLINE_FILTER').map((e) => e.AttributeName);
  return `${v.VectorAttribute.AttributeName}, ${v.Dimensions} × ${v.DistanceFunction}`
    + (hash ? `, HASH ${hash.AttributeName}` : '') + (filters.length ? `, filters ${filters.join(', ')}` : '');
}

/** The SearchVectors request of the form's values; throws, saying why, when they do not make one. */
export function searchRequest(table, index, vectorJson, topK, values) {
  let vector;
  try {
    vector = JSON.parse(vectorJson);
  } catch {
    throw new Error('The vector is not JSON: paste an array of numbers, [0.1, -0.2, …]');
  }
  if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number')) {
    throw new Error('The vector must be an array of numbers, [0.1, -0.2, …]');
  }
  const request = { TableName: table.TableName, IndexName: index.IndexName, TopK: Number(topK),
    SearchVector: vector.map((x) => ({ N: String(x) })), ReturnConsumedCapacity: 'TOTAL' };
  const conditions = [];
  const names = {};
  const given = {};
  (index.SearchSchema || []).forEach((e, i) => {
    const value = values[e.AttributeName];
    if (value === undefined || value === '') return;
    names[`#a${i}`] = e.AttributeName;
    given[`:v${i}`] = typed(attributeType(table, e.AttributeName), value);
    conditions.push(`#a${i} = :v${i}`);
  });
  if (conditions.length) {
    request.SearchConditionExpression = conditions.join(' AND ');
    request.ExpressionAttributeNames = names;
    request.ExpressionAttributeValues = given;
  }
  return request;
}

export async function render(root, params) {
  const names = await tableNames();
  const chosen = params.get('table') || names[0];
  if (!chosen) {
    return fill(root, h('h1', {}, 'Vector search'), h('p', { class: 'muted' }, 'No tables yet.'));
  }
  const { Table: table } = await call('DescribeTable', { TableName: chosen });
  const indexes = table.VectorIndexes || [];
  const tables = select(names, { name: 'table', value: chosen,
    onchange: (e) => { location.hash = `#/vectors?table=${encodeURIComponent(e.target.value)}`; } });
  const head = [h('h1', {}, 'Vector search'), field('Table', tables)];
  if (!indexes.length) {
    return fill(root, ...head, h('p', { class: 'muted' }, `${chosen} has no vector index.`));
  }
  const list = grid(['Index', 'Vector', 'Status', 'Items'], indexes.map((v) => [v.IndexName, vectorText(v),
    v.Backfilling ? `${v.IndexStatus} (backfilling)` : v.IndexStatus, v.ItemCount ?? '']), 3);
  const indexChoice = select(indexes.map((v) => v.IndexName), { name: 'vector-index' });
  const vector = h('textarea', { name: 'vector', rows: '3', spellcheck: 'false', class: 'code',
    placeholder: '[0.12, -0.4, 0.9]' });
  const topK = h('input', { type: 'number', name: 'top-k', min: '1', max: '100', value: '10' });
  const schemaFields = h('div');
  const inputs = {};
  const drawSchema = () => {
    const index = indexes.find((v) => v.IndexName === indexChoice.value);
    for (const k of Object.keys(inputs)) delete inputs[k];
    fill(schemaFields, (index.SearchSchema || []).map((e) => {
      const input = h('input', { type: 'text', name: `search-${e.AttributeName}`, spellcheck: 'false' });
      inputs[e.AttributeName] = input;
      return field(`${e.AttributeName} = (${e.SearchSchemaElementType === 'HASH' ? 'HASH, required' : 'filter, optional'})`,
        input);
    }));
  };
  indexChoice.addEventListener('change', drawSchema);
  drawSchema();
  const status = h('div');
  const out = h('div');
  const run = async (e) => {
    e.preventDefault();
    const index = indexes.find((v) => v.IndexName === indexChoice.value);
    let request;
    try {
      request = searchRequest(table, index, vector.value,
        topK.value, Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value.trim()])));
    } catch (err) {
      return message(status, err.message, 'error');
    }
    let answer;
    try {
      answer = await call('SearchVectors', request);
    } catch (err) {
      return message(status, explain(err), 'error');
    }
    const hits = answer.SearchResults || [];
    const columns = [...new Set(hits.flatMap((r) => Object.keys(r.Item || {})))];
    message(status, `${hits.length} result${hits.length === 1 ? '' : 's'}, most similar first. Vector search bytes: `
      + `${answer.ConsumedCapacity ? answer.ConsumedCapacity.VectorSearchRequestBytes : 0}`, 'ok');
    fill(out, grid(['Score', ...columns], hits.map((r) => [String(r.Score),
      ...columns.map((c) => text((r.Item || {})[c]))]), 0));
  };
  fill(root, ...head, list,
    h('form', { class: 'builder', onsubmit: run }, field('Index', indexChoice),
      field('Vector (JSON array)', vector, `The index takes ${indexes[0].Dimensions} numbers.`), field('TopK', topK),
      schemaFields, h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Search'))),
    status, out);
}
