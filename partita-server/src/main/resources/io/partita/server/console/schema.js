// Schemas the single-table view reads (docs/console.md): OneTable's ({"models": ..., "indexes": ...})
// and Partita's own ({"entities": ..., "patterns": ...}, the format partita-model emits). Each gives
// entities with key templates ("USER#{username}" or OneTable's "USER#${username}"); Partita's also
// gives the access patterns, each with the index that serves it.

/** A key template compiled: its fields, and a pattern whose groups are their values (a field ends at the next #). */
export function compileTemplate(template) {
  if (template == null) return null;
  const fields = [];
  const source = String(template).split(/\$?\{([^}]+)\}/).map((part, i) => {
    if (i % 2) {
      fields.push(fieldName(part));
      return '([^#]*)';
    }
    return part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  }).join('');
  return { template: String(template), fields, pattern: new RegExp(`^${source}$`) };
}

/** The fields of a template, in order: "USER#{user}#ORDER#{id}" has user and id. */
export function fieldsOf(template) {
  return [...String(template || '').matchAll(/\$?\{([^}]+)\}/g)].map((m) => fieldName(m[1]));
}

/**
 * partita-model's placeholders may carry a format after a colon: {n:08d} (a whole number padded with
 * zeros to 8 digits), {s:upper}, {s:lower}. The field is the name before it.
 */
function fieldName(placeholder) {
  return placeholder.split(':')[0];
}

/** A value as a placeholder's format writes it into a key (the value as given when it has none). */
function formatted(placeholder, value) {
  const format = placeholder.includes(':') ? placeholder.slice(placeholder.indexOf(':') + 1) : '';
  const pad = /^0(\d+)d$/.exec(format);
  if (pad) {
    if (!/^\d+$/.test(String(value))) throw new Error(`${fieldName(placeholder)} is a whole number of up to ${pad[1]} digits`);
    return String(value).padStart(Number(pad[1]), '0');
  }
  if (format === 'upper') return String(value).toUpperCase();
  if (format === 'lower') return String(value).toLowerCase();
  return String(value);
}

/**
 * A template filled with values. For a prefix (`prefix` true, as begins_with takes), the text stops
 * at the first field left empty: "ORDER#{date}#{id}" with no date is "ORDER#".
 */
export function fillTemplate(template, values, prefix = false) {
  let out = '';
  for (const [i, part] of String(template).split(/\$?\{([^}]+)\}/).entries()) {
    if (i % 2 === 0) {
      out += part;
    } else if (values[fieldName(part)] === undefined || values[fieldName(part)] === '') {
      if (prefix) return out;
      throw new Error(`give a value for ${fieldName(part)}`);
    } else {
      out += formatted(part, values[fieldName(part)]);
    }
  }
  return out;
}

/** Sort key conditions a pattern may use, by the names the schema may give them. */
const OPERATORS = { begins_with: 'begins_with', between: 'BETWEEN', '=': '=', eq: '=', '<': '<', lt: '<', '<=': '<=',
  lte: '<=', '>': '>', gt: '>', '>=': '>=', gte: '>=' };

function templateOf(v) {
  if (v == null) return null;
  return typeof v === 'object' ? v.value ?? null : v;
}

/**
 * One pattern's sort key condition: {op, templates, perEnd} or null. A BETWEEN with one template (what
 * partita-model writes: each end fills the same template, as sortBetween(low, high) does) has
 * `perEnd`: its sort fields are asked once per end.
 */
function sortCondition(sk, name) {
  if (sk == null) return null;
  if (typeof sk === 'string') return { op: '=', templates: [sk], perEnd: false };
  const [[key, value] = []] = Object.entries(sk);
  const op = OPERATORS[String(key).toLowerCase()];
  if (!op) throw new Error(`pattern ${name}: the sort key condition ${key} is not one of ${Object.keys(OPERATORS).join(', ')}`);
  let templates = Array.isArray(value) ? value.map(String) : [String(value)];
  // [t, t] is how partita-model wrote a BETWEEN before: the same template at both ends is one template
  if (op === 'BETWEEN' && templates.length === 2 && templates[0] === templates[1]) templates = [templates[0]];
  const perEnd = op === 'BETWEEN' && templates.length === 1;
  if (op !== 'BETWEEN' && templates.length !== 1) throw new Error(`pattern ${name}: ${key} takes one template`);
  if (op === 'BETWEEN' && templates.length > 2) throw new Error(`pattern ${name}: between takes one template, or two`);
  return { op, templates: perEnd ? [templates[0], templates[0]] : templates, perEnd };
}

/** The two ends of a BETWEEN whose fields are asked per end: day is asked as day-low and day-high. */
export const ENDS = ['low', 'high'];

/** The values of one end (0 low, 1 high) of a per-end BETWEEN: day-low's value as day. */
export function endValues(values, end) {
  const out = { ...values };
  for (const [k, v] of Object.entries(values)) {
    if (k.endsWith(`-${ENDS[end]}`)) out[k.slice(0, -ENDS[end].length - 1)] = v;
  }
  return out;
}

/** An index a schema declares: {name, kind (GSI, LSI or null), pk, sk, projection, nonKeyAttributes}. */
function indexOf(name, x) {
  // OneTable writes {hash, sort, project: 'all' | 'keys' | [names], type: 'local'}
  const project = x.project;
  const projection = x.projection || (Array.isArray(project) ? 'INCLUDE' : project === 'keys' ? 'KEYS_ONLY'
    : project === 'all' ? 'ALL' : null);
  return { name, kind: x.kind || (x.type === 'local' ? 'LSI' : x.type === 'global' ? 'GSI' : null),
    pk: x.pk || x.hash || null, sk: x.sk || x.sort || null, projection,
    nonKeyAttributes: x.nonKeyAttributes || (Array.isArray(project) ? project : []) };
}

/**
 * A schema read: {format, models: [{name, type, pk, sk}], patterns: [{name, index, pk, sk, entities,
 * description, fields}], indexes: [{name, kind, pk, sk, projection, nonKeyAttributes}]}. Accepts OneTable's {"models": {"User": {"pk": {"value": "USER#${username}"},
 * ...}}} (the key attributes named by "indexes"."primary", else pk/sk or PK/SK) and Partita's
 * {"entities": {"User": {"pk": "USER#{username}", "sk": "PROFILE", "type": "User"}}, "patterns": [{"name":
 * "ordersOfUser", "index": null, "pk": "USER#{username}", "sk": {"begins_with": "ORDER#"}}]}.
 */
export function readSchema(schema) {
  if (!schema || typeof schema !== 'object') throw new Error('expected a JSON object');
  const entities = schema.entities || schema.Entities;
  const oneTable = schema.models || schema.Models;
  if (!entities && !oneTable) {
    throw new Error('expected {"entities": {"Name": {"pk": "..."}}} or OneTable\'s {"models": {"Name": {"pk": {"value": "..."}}}}');
  }
  const primary = (schema.indexes && schema.indexes.primary) || {};
  const attr = (model, name, fallbacks) => [name, ...fallbacks].map((n) => n && model[n]).find((v) => v != null);
  const models = Object.entries(entities || oneTable).map(([name, m]) => ({
    name,
    type: m.type ?? null,
    pk: compileTemplate(templateOf(attr(m, primary.hash, ['pk', 'PK']))),
    sk: compileTemplate(templateOf(attr(m, primary.sort, ['sk', 'SK']))),
  })).filter((m) => m.pk);
  const list = Array.isArray(schema.patterns) ? schema.patterns
    : Object.entries(schema.patterns || {}).map(([name, p]) => ({ name, ...p }));
  const patterns = list.map((p, i) => {
    const name = p.name || `pattern ${i + 1}`;
    if (!p.pk) throw new Error(`pattern ${name} has no pk template`);
    const sk = sortCondition(p.sk, name);
    const pkFields = fieldsOf(p.pk);
    // a per-end BETWEEN asks each sort field not in the partition template twice: day-low, day-high
    const skFields = !sk ? [] : sk.perEnd
      ? ENDS.flatMap((end) => fieldsOf(sk.templates[0]).filter((f) => !pkFields.includes(f)).map((f) => `${f}-${end}`))
      : sk.templates.flatMap(fieldsOf);
    const fields = [...new Set([...pkFields, ...skFields])];
    return { name, index: p.index || null, pk: String(p.pk), sk, entities: p.entities || [], description: p.description || '',
      fields };
  });
  const indexes = Object.entries(schema.indexes || {}).filter(([name]) => name !== 'primary')
    .map(([name, x]) => indexOf(name, x || {}));
  return { format: entities ? 'Partita' : 'OneTable', models, patterns, indexes };
}

/** A pattern's key condition in words: PK = USER#{username} AND begins_with(SK, ORDER#). */
export function patternText(p, keys = ['pk', 'sk']) {
  const [pk, sk] = keys;
  let out = `${pk} = ${p.pk}`;
  if (p.sk) {
    // a per-end BETWEEN names its ends' fields as its parameters do: DAY#{day-low} AND DAY#{day-high}
    const pkFields = fieldsOf(p.pk);
    const [a, b] = p.sk.templates.map((t, i) => (!p.sk.perEnd ? t
      : t.replace(/(\$?\{)([^}:]+)/g, (m, open, f) => (pkFields.includes(f) ? m : `${open}${f}-${ENDS[i]}`))));
    out += p.sk.op === 'begins_with' ? ` AND begins_with(${sk || 'sk'}, ${a})`
      : p.sk.op === 'BETWEEN' ? ` AND ${sk || 'sk'} BETWEEN ${a} AND ${b}` : ` AND ${sk || 'sk'} ${p.sk.op} ${a}`;
  }
  return out;
}
