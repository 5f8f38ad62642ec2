// Streams and TTL: a table's stream tailed live through the DynamoDB Streams API (every shard, a
// parent read to its end before its children), and the items Time to Live expires next.
import { all, call, streamsCall, tableNames } from './api.js';
import { tableSelect } from './items.js';
import { duration, explain, field, fill, grid, h, message, repeat, select } from './ui.js';
import { keyNames, ordered, plainItem, text } from './values.js';

const POLL_MS = 1000;
/** Records kept on screen, newest first; older ones fall off. */
const KEEP = 200;
/** TTL: items scanned at most, and the next ones shown. */
const TTL_SCAN_MOST = 10000;
const TTL_SHOWN = 25;

/** Every shard of a stream (DescribeStream, every page). */
export async function shardsOf(streamArn) {
  const shards = [];
  let start;
  do {
    const { StreamDescription: d } = await streamsCall('DescribeStream',
      start ? { StreamArn: streamArn, ExclusiveStartShardId: start } : { StreamArn: streamArn });
    shards.push(...(d.Shards || []));
    start = d.LastEvaluatedShardId;
  } while (start);
  return shards;
}

/**
 * A reader of one stream that follows shard lineage. A shard is read until GetRecords answers no
 * NextShardIterator (it is closed and read to its end); only then are its children started, from
 * their start (TRIM_HORIZON), so a key's changes come in order across a shard's split or rollover.
 * From 'LATEST', the shards open at the first poll start at their tip and closed ones are passed
 * over; from 'TRIM_HORIZON', every record the stream still keeps is read.
 */
export class Tail {
  constructor(streamArn, from = 'LATEST') {
    this.streamArn = streamArn;
    this.from = from;
    this.iterators = new Map(); // shard id -> the iterator of its next GetRecords
    this.last = new Map(); // shard id -> the sequence number of its last record read
    this.done = new Set(); // shards read to their end (or passed over)
    this.polls = 0;
    this.shards = [];
  }

  /** One round: new shards started where lineage allows, each shard read once. Resolves to the new records. */
  async poll() {
    const first = this.polls++ === 0;
    this.shards = await shardsOf(this.streamArn);
    const known = new Set(this.shards.map((s) => s.ShardId));
    const closed = (s) => Boolean(s.SequenceNumberRange && s.SequenceNumberRange.EndingSequenceNumber);
    if (first && this.from === 'LATEST') for (const s of this.shards) if (closed(s)) this.done.add(s.ShardId);
    for (const s of this.shards) {
      if (this.done.has(s.ShardId) || this.iterators.has(s.ShardId)) continue;
      // a parent the stream still lists must be read to its end first
      if (s.ParentShardId && known.has(s.ParentShardId) && !this.done.has(s.ParentShardId)) continue;
      const type = first && this.from === 'LATEST' ? 'LATEST' : 'TRIM_HORIZON';
      this.iterators.set(s.ShardId, await this.iterator(s.ShardId, type));
    }
    const records = [];
    // in the stream's order: parents before children (DescribeStream lists a parent first)
    for (const s of this.shards) {
      const iterator = this.iterators.get(s.ShardId);
      if (!iterator) continue;
      let answer;
      try {
        answer = await streamsCall('GetRecords', { ShardIterator: iterator });
      } catch (err) {
        if (err.code !== 'ExpiredIteratorException') throw err;
        // an iterator lasts 15 minutes: start again after the last record read
        const last = this.last.get(s.ShardId);
        this.iterators.set(s.ShardId, await this.iterator(s.ShardId, last ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON', last));
        continue;
      }
      for (const r of answer.Records || []) {
        records.push({ ...r, shardId: s.ShardId });
        this.last.set(s.ShardId, r.dynamodb.SequenceNumber);
      }
      if (answer.NextShardIterator) {
        this.iterators.set(s.ShardId, answer.NextShardIterator);
      } else {
        this.iterators.delete(s.ShardId);
        this.done.add(s.ShardId);
      }
    }
    return records;
  }

  async iterator(shardId, type, sequenceNumber) {
    const request = { StreamArn: this.streamArn, ShardId: shardId, ShardIteratorType: type };
    if (sequenceNumber) request.SequenceNumber = sequenceNumber;
    return (await streamsCall('GetShardIterator', request)).ShardIterator;
  }
}

/** Whether a stream record is a Time to Live deletion (made by the service, not a client). */
export function byTtl(record) {
  const who = record.userIdentity;
  return Boolean(who && who.type === 'Service' && who.principalId === 'dynamodb.amazonaws.com');
}

function keyLine(key, keys) {
  return Object.entries(ordered(key || {}, keys)).map(([k, v]) => `${k} = ${text(v)}`).join(' · ');
}

function image(label, item, keys) {
  if (!item) return null;
  return h('div', { class: 'image' }, h('h4', {}, label),
    h('pre', { class: 'json', tabindex: '0', 'aria-label': label }, JSON.stringify(plainItem(ordered(item, keys)))));
}

/** One record: its event, keys (the table's key order), time, shard and sequence number, and its images. */
function recordView(r, keys) {
  const d = r.dynamodb || {};
  const when = d.ApproximateCreationDateTime ? new Date(d.ApproximateCreationDateTime * 1000).toISOString() : '';
  return h('li', { class: 'record', 'data-event': r.eventName },
    h('div', { class: 'record-head' },
      h('span', { class: `event ${String(r.eventName).toLowerCase()}` }, r.eventName),
      byTtl(r) ? h('span', { class: 'event ttl', title: 'Deleted by Time to Live' }, 'TTL') : null,
      h('span', { class: 'key' }, keyLine(d.Keys, keys)),
      h('span', { class: 'muted' }, `${when} · ${r.shardId} · #${d.SequenceNumber}`)),
    h('div', { class: 'images' }, image('Old image', d.OldImage, keys), image('New image', d.NewImage, keys)));
}

/** The stream part of the screen: start, pause, clear, and the records newest first. */
function streamSection(table, refresh) {
  const title = h('h2', { id: 'stream-title' }, 'Stream');
  const section = h('section', { 'aria-labelledby': 'stream-title' });
  const spec = table.StreamSpecification;
  const keys = keyNames(table.KeySchema);
  if (!table.LatestStreamArn || !spec || !spec.StreamEnabled) {
    const viewType = select(['NEW_AND_OLD_IMAGES', 'NEW_IMAGE', 'OLD_IMAGE', 'KEYS_ONLY'], { name: 'stream-view' });
    const status = h('div');
    return fill(section, title, h('p', {}, `${table.TableName} has no stream.`),
      h('form', { class: 'builder', onsubmit: async (e) => {
        e.preventDefault();
        try {
          await call('UpdateTable', { TableName: table.TableName,
            StreamSpecification: { StreamEnabled: true, StreamViewType: viewType.value } });
          refresh();
        } catch (err) {
          message(status, explain(err), 'error');
        }
      } }, h('div', { class: 'row' }, field('View type', viewType)), status,
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Turn on the stream'))));
  }
  const from = select([['LATEST', 'From now (LATEST)'], ['TRIM_HORIZON', 'From the oldest record kept (TRIM_HORIZON)']],
    { name: 'stream-from' });
  const status = h('div');
  const list = h('ol', { class: 'records', 'aria-label': 'Stream records, newest first' });
  const pause = h('button', { type: 'button', 'aria-pressed': 'false' }, 'Pause');
  let tail;
  let poller;
  let shown = 0;
  const run = () => {
    pause.setAttribute('aria-pressed', 'false');
    fill(pause, 'Pause');
    poller = repeat(list, POLL_MS, async () => {
      try {
        const records = await tail.poll();
        shown += records.length;
        for (const r of records) list.prepend(recordView(r, keys));
        while (list.children.length > KEEP) list.lastChild.remove();
        const open = tail.shards.filter((s) => !(s.SequenceNumberRange || {}).EndingSequenceNumber).length;
        message(status, `Tailing ${spec.StreamViewType}: ${tail.shards.length} shard${tail.shards.length === 1 ? '' : 's'}`
          + ` (${open} open), ${shown} record${shown === 1 ? '' : 's'} seen, polled at ${new Date().toLocaleTimeString()}.`, 'ok');
      } catch (err) {
        message(status, explain(err), 'error');
        if (err.code === 'ResourceNotFoundException') poller.stop();
      }
    });
  };
  const start = () => {
    if (poller) poller.stop();
    tail = new Tail(table.LatestStreamArn, from.value);
    fill(list);
    shown = 0;
    run();
  };
  pause.addEventListener('click', () => {
    // Resume goes on where the tail stopped, with the same iterators
    if (pause.getAttribute('aria-pressed') === 'true') return run();
    poller.stop();
    pause.setAttribute('aria-pressed', 'true');
    fill(pause, 'Resume');
    return message(status, 'Paused.');
  });
  from.addEventListener('change', start);
  fill(section, title,
    h('p', { class: 'muted' }, `${table.LatestStreamArn} (${spec.StreamViewType}). Polled every second while this screen is open.`),
    h('div', { class: 'row' }, field('Start', from)),
    h('div', { class: 'actions' }, pause,
      h('button', { type: 'button', onclick: () => { fill(list); shown = 0; } }, 'Clear')),
    status, list);
  start();
  return section;
}

/**
 * The items with a Time to Live value, soonest first: [{item, at}] where `at` is the expiry in epoch
 * seconds. Values that are not numbers are left out, as DynamoDB's sweep leaves those items alone.
 */
export function expiring(items, attribute) {
  return items.map((item) => ({ item, at: item[attribute] && item[attribute].N !== undefined ? Number(item[attribute].N) : NaN }))
    .filter((e) => Number.isFinite(e.at)).sort((a, b) => a.at - b.at);
}

/** When an expiry falls, in words, from `now` in epoch seconds. */
export function timeLeft(at, now = Date.now() / 1000) {
  return at > now ? `in ${duration(at - now)}` : `expired ${duration(now - at)} ago: the next sweep deletes it`;
}

/** The TTL part: its state (and a form to turn it on), and the items that expire next with the time left. */
async function ttlSection(table, refresh) {
  const title = h('h2', { id: 'ttl-title' }, 'Time to Live');
  const section = h('section', { 'aria-labelledby': 'ttl-title' });
  const { TimeToLiveDescription: ttl = {} } = await call('DescribeTimeToLive', { TableName: table.TableName });
  const status = h('div');
  if (ttl.TimeToLiveStatus !== 'ENABLED') {
    const attribute = h('input', { type: 'text', name: 'ttl-attribute', required: true, spellcheck: 'false', value: 'expiresAt' });
    return fill(section, title, h('p', {}, `Time to Live is ${String(ttl.TimeToLiveStatus || 'DISABLED').toLowerCase()}`
      + ` on ${table.TableName}.`),
    h('form', { class: 'builder', onsubmit: async (e) => {
      e.preventDefault();
      try {
        await call('UpdateTimeToLive', { TableName: table.TableName,
          TimeToLiveSpecification: { Enabled: true, AttributeName: attribute.value.trim() } });
        refresh();
      } catch (err) {
        message(status, explain(err), 'error');
      }
    } }, h('div', { class: 'row' }, field('Attribute (epoch seconds)', attribute)), status,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Turn on Time to Live'))));
  }
  const name = ttl.AttributeName;
  const keys = keyNames(table.KeySchema);
  const out = h('div');
  const load = async () => {
    const names = { '#t': name, ...Object.fromEntries(keys.map((k, i) => [`#k${i}`, k])) };
    const items = await all('Scan', { TableName: table.TableName, FilterExpression: 'attribute_exists(#t)',
      ProjectionExpression: ['#t', ...keys.map((k, i) => `#k${i}`)].join(', '), ExpressionAttributeNames: names },
    'Items', 'ExclusiveStartKey', 'LastEvaluatedKey', TTL_SCAN_MOST);
    const next = expiring(items, name);
    message(status, `${next.length} item${next.length === 1 ? '' : 's'} with a numeric ${name}`
      + `${items.length >= TTL_SCAN_MOST ? ` among the first ${TTL_SCAN_MOST} scanned` : ''}; the next ${Math.min(TTL_SHOWN, next.length)} shown.`, 'ok');
    const rows = next.slice(0, TTL_SHOWN);
    fill(out, rows.length ? grid([...keys, name, 'Expires (UTC)', 'Time left'], rows.map((e) => [
      ...keys.map((k) => text(e.item[k])), e.item[name].N, new Date(e.at * 1000).toISOString(), timeLeft(e.at)]))
      : h('p', { class: 'muted' }, `No item has a ${name} yet.`));
    // the time left counts down; the items are scanned again only on Refresh
    const cells = [...out.querySelectorAll('tbody tr td:last-child')];
    repeat(out.firstChild || out, POLL_MS, () => cells.forEach((td, i) => { td.textContent = timeLeft(rows[i].at); }));
  };
  const reload = () => load().catch((err) => message(status, explain(err), 'error'));
  fill(section, title,
    h('p', { class: 'muted' }, `On, by the attribute ${name} (epoch seconds). Partita deletes expired items on its own sweep,`
      + ' every few seconds; until then they are still read like any other.'),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: reload }, 'Refresh expiring items')),
    status, out);
  await reload();
  return section;
}

export async function render(root, params) {
  const names = await tableNames();
  if (!names.length) return fill(root, h('h1', {}, 'Streams and TTL'), h('p', {}, 'No tables yet.'));
  const choice = tableSelect(names, params.get('table'));
  const body = h('div');
  const show = async () => {
    const { Table: table } = await call('DescribeTable', { TableName: choice.value });
    const again = () => show().catch((err) => message(body, explain(err), 'error'));
    // turning Time to Live on redraws its own section only: redrawing the stream's would restart the tail at
    // LATEST, dropping the records shown and missing those written before its new iterator
    const ttl = h('div');
    const ttlAgain = () => ttlSection(table, ttlAgain).then((s) => fill(ttl, s))
      .catch((err) => message(ttl, explain(err), 'error'));
    fill(ttl, await ttlSection(table, ttlAgain));
    fill(body, ttl, streamSection(table, again));
  };
  choice.addEventListener('change', () => {
    history.replaceState(null, '', `#/streams?table=${encodeURIComponent(choice.value)}`);
    show().catch((err) => message(body, explain(err), 'error'));
  });
  fill(root, h('h1', {}, 'Streams and TTL'), h('div', { class: 'row' }, field('Table', choice)), body);
  await show();
}
