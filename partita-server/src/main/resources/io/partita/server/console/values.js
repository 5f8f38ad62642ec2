// DynamoDB's attribute values ({"S": "x"}, {"N": "1"}, {"M": {...}}, ...): plain JSON, short text
// for a grid cell, keys, and the expression names and values the builders need.

/** The plain JSON of one attribute value: numbers as numbers when exact, sets as arrays, binary as base64. */
export function plain(av) {
  const [type, v] = Object.entries(av)[0] || [];
  switch (type) {
    case 'N': return number(v);
    case 'NS': return v.map(number);
    case 'M': return plainItem(v);
    case 'L': return v.map(plain);
    case 'NULL': return null;
    default: return v; // S, B, BOOL, SS, BS
  }
}

function number(text) {
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : text;
}

/** An item as plain JSON. */
export function plainItem(item) {
  return Object.fromEntries(Object.entries(item || {}).map(([k, v]) => [k, plain(v)]));
}

/** A value as short text for a grid cell: strings and numbers as they are, the rest as compact JSON. */
export function text(av) {
  if (av === undefined) return '';
  const [type, v] = Object.entries(av)[0] || [];
  if (type === 'S' || type === 'N' || type === 'B') return v;
  if (type === 'BOOL') return String(v);
  if (type === 'NULL') return 'null';
  return JSON.stringify(plain(av));
}

/** The type letter of a value (S, N, M, ...). */
export function typeOf(av) {
  return Object.keys(av || {})[0] || '';
}

/** The attribute names of a key schema, partition key first. */
export function keyNames(keySchema) {
  return [...(keySchema || [])].sort((a, b) => (a.KeyType === 'HASH' ? -1 : b.KeyType === 'HASH' ? 1 : 0))
    .map((k) => k.AttributeName);
}

/** A table description's secondary indexes, GSIs then LSIs. */
export function indexesOf(table) {
  return [...(table.GlobalSecondaryIndexes || []), ...(table.LocalSecondaryIndexes || [])];
}

/** The index of a table description by name (undefined for none). */
export function indexNamed(table, name) {
  return name ? indexesOf(table).find((i) => i.IndexName === name) : undefined;
}

/** The type (S, N or B) a table description declares for a key attribute; S if it declares none. */
export function attributeType(table, name) {
  return (table.AttributeDefinitions.find((d) => d.AttributeName === name) || {}).AttributeType || 'S';
}

/** An item with its key attributes first (in `keys` order), then the rest by name: the order the grid shows. */
export function ordered(item, keys = []) {
  return Object.fromEntries([...keys.filter((k) => k in item), ...Object.keys(item).filter((k) => !keys.includes(k)).sort()]
    .map((k) => [k, item[k]]));
}

/** An item's primary key under `names`. */
export function keyOf(item, names) {
  return Object.fromEntries(names.filter((n) => item[n] !== undefined).map((n) => [n, item[n]]));
}

/** A typed attribute value from text: type S, N or B as the table declares the attribute. */
export function typed(type, value) {
  return { [type || 'S']: String(value) };
}

/**
 * Expression names for an expression written with plain attribute names where they are simple
 * words: each `#word` becomes an ExpressionAttributeNames entry for `word`.
 */
export function namesIn(...expressions) {
  const names = {};
  for (const e of expressions) {
    for (const m of String(e || '').matchAll(/#([A-Za-z0-9_.-]+)/g)) names[`#${m[1]}`] = m[1];
  }
  return names;
}

/** A projection from a comma-separated list of attribute names: the expression and its names. */
export function projection(list) {
  const attrs = String(list || '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!attrs.length) return {};
  const names = {};
  const parts = attrs.map((a, i) => {
    names[`#p${i}`] = a;
    return `#p${i}`;
  });
  return { ProjectionExpression: parts.join(', '), ExpressionAttributeNames: names };
}

/** Attribute names that mark a version counter, tried in this order. */
export const VERSION_ATTRIBUTES = ['version', '_version', '__v'];

/**
 * The condition that an item is still as it was loaded: its version attribute unchanged if it has
 * a numeric one, else every attribute equal to its loaded value (the keys among them, so the item
 * must still exist). Returns the ConditionExpression with its names and values.
 */
export function unchangedCondition(loaded) {
  const version = VERSION_ATTRIBUTES.find((v) => typeOf(loaded[v]) === 'N');
  const attributes = version ? [version] : Object.keys(loaded);
  const names = {};
  const values = {};
  const parts = attributes.map((a, i) => {
    names[`#u${i}`] = a;
    values[`:u${i}`] = loaded[a];
    return `#u${i} = :u${i}`;
  });
  return { ConditionExpression: parts.join(' AND '), ExpressionAttributeNames: names,
    ExpressionAttributeValues: values, version };
}

/** Human words for consumed capacity (ReturnConsumedCapacity TOTAL). */
export function capacityText(cc) {
  const list = Array.isArray(cc) ? cc : cc ? [cc] : [];
  if (!list.length) return 'no capacity reported';
  return list.map((c) => {
    const parts = [];
    if (c.ReadCapacityUnits) parts.push(`${c.ReadCapacityUnits} RCU`);
    if (c.WriteCapacityUnits) parts.push(`${c.WriteCapacityUnits} WCU`);
    if (!parts.length) parts.push(`${c.CapacityUnits ?? 0} capacity units`);
    return `${parts.join(' + ')} (${c.TableName})`;
  }).join('; ');
}

/** Bytes in words: 1.2 KB. */
export function bytes(n) {
  if (n == null) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u ? v.toFixed(1) : v} ${units[u]}`;
}
