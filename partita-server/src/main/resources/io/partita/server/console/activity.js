// Activity: requests, errors and latency per operation and table from GET /metrics (--metrics), as
// totals and as lines over time (a sample every 2 s, kept while the page is open), and the hot
// partition keys from GET /partita/hot-keys (--hot-keys).
import { getText } from './api.js';
import { fill, grid, h, repeat } from './ui.js';

/** Prometheus text as samples: [{name, labels, value}]. Enough of the format for Partita's own metrics. */
export function parseMetrics(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels = {};
    for (const l of (m[3] || '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1]] = l[2].replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: m[1], labels, value: Number(m[4]) });
  }
  return samples;
}

/** Per operation and table: requests, errors, total seconds and the largest latency seen. */
export function perOperation(samples) {
  const rows = new Map();
  const row = (l) => {
    const k = `${l.operation}\u0000${l.table}`;
    if (!rows.has(k)) rows.set(k, { operation: l.operation, table: l.table, requests: 0, errors: 0, seconds: 0, max: 0 });
    return rows.get(k);
  };
  for (const s of samples) {
    if (s.name === 'partita_requests_total') row(s.labels).requests += s.value;
    else if (s.name === 'partita_request_errors_total') row(s.labels).errors += s.value;
    else if (s.name === 'partita_request_duration_seconds_sum') row(s.labels).seconds += s.value;
    else if (s.name === 'partita_request_duration_seconds_max') row(s.labels).max = Math.max(row(s.labels).max, s.value);
  }
  return [...rows.values()].sort((a, b) => b.requests - a.requests);
}

/** The samples taken while this page is open (the screen may be left and come back to): [{at, rows}]. */
const samples = [];
const KEEP = 61; // 60 intervals: two minutes at one sample every 2 s

/** One sample of the counters: at (ms) and, per `operation/table`, {requests, errors, seconds}. */
function takeSample(rows, at) {
  samples.push({ at, rows: new Map(rows.map((r) => [`${r.operation}/${r.table}`, r])) });
  if (samples.length > KEEP) samples.shift();
}

/**
 * The intervals between samples for one row: [{seconds, requests, errors, latencyMs}], counts being
 * what happened in the interval (a counter that went down, the server restarted, counts from zero).
 */
export function intervals(key, list = samples) {
  const out = [];
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1].rows.get(key) || { requests: 0, errors: 0, seconds: 0 };
    const b = list[i].rows.get(key) || { requests: 0, errors: 0, seconds: 0 };
    const restarted = b.requests < a.requests;
    const d = (f) => (restarted ? b[f] : b[f] - a[f]);
    const requests = d('requests');
    out.push({ seconds: (list[i].at - list[i - 1].at) / 1000, requests, errors: d('errors'),
      latencyMs: requests ? (d('seconds') / requests) * 1000 : null });
  }
  return out;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A small line of values (null: no value, a gap), scaled to its largest; its words are in its label. */
export function sparkline(values, label, kind) {
  const width = 120;
  const height = 26;
  const top = Math.max(...values.filter((v) => v !== null), 0);
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({ width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: `spark ${kind}`,
    'aria-label': label, 'data-values': values.map((v) => (v === null ? '' : +v.toFixed(3))).join(',') })) svg.setAttribute(k, v);
  const title = document.createElementNS(SVG, 'title');
  title.textContent = label;
  svg.append(title);
  const step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
  let points = [];
  const flush = () => {
    if (points.length) {
      const line = document.createElementNS(SVG, points.length === 1 ? 'circle' : 'polyline');
      if (points.length === 1) {
        const [x, y] = points[0].split(',');
        line.setAttribute('cx', x); line.setAttribute('cy', y); line.setAttribute('r', '1.5');
      } else {
        line.setAttribute('points', points.join(' '));
      }
      svg.append(line);
    }
    points = [];
  };
  values.forEach((v, i) => {
    if (v === null) return flush();
    points.push(`${(1 + i * step).toFixed(1)},${(height - 2 - (top ? (v / top) * (height - 4) : 0)).toFixed(1)}`);
    return undefined;
  });
  flush();
  return svg;
}

/** The rows' time series: per operation and table, requests and errors per second and mean latency per interval. */
function series(rows) {
  const cells = (r) => {
    const list = intervals(`${r.operation}/${r.table}`);
    const rate = list.map((x) => (x.seconds > 0 ? x.requests / x.seconds : 0));
    const errs = list.map((x) => (x.seconds > 0 ? x.errors / x.seconds : 0));
    const latency = list.map((x) => x.latencyMs);
    const last = (a) => (a.length && a[a.length - 1] !== null ? a[a.length - 1] : null);
    const who = `${r.operation} on ${r.table || 'no table'}`;
    const words = (a, unit) => `${a.length} intervals, last ${last(a) === null ? 'none' : `${last(a).toFixed(1)} ${unit}`}`;
    return [
      h('span', { class: 'trend' }, sparkline(rate, `${who}: requests per second, ${words(rate, '/s')}`, 'rate'),
        h('span', {}, last(rate) === null ? '' : last(rate).toFixed(1))),
      h('span', { class: 'trend' }, sparkline(errs, `${who}: errors per second, ${words(errs, '/s')}`, 'errors'),
        h('span', {}, last(errs) === null ? '' : last(errs).toFixed(1))),
      h('span', { class: 'trend' }, sparkline(latency, `${who}: mean latency, ${words(latency, 'ms')}`, 'latency'),
        h('span', {}, last(latency) === null ? '' : last(latency).toFixed(2))),
    ];
  };
  return rows.map((r) => ({ r, cells: cells(r) }));
}

export async function render(root) {
  const metrics = h('section', { 'aria-labelledby': 'metrics-title' });
  const hot = h('section', { 'aria-labelledby': 'hot-title' });
  const sampled = h('p', { class: 'muted', 'aria-live': 'polite' });
  let poller = null;
  let queue = Promise.resolve();

  const refresh = async () => {
    const [m, k] = await Promise.all([getText('/metrics'), getText('/partita/hot-keys')]);
    if (!root.isConnected && poller) return;
    if (m.ok) {
      const rows = perOperation(parseMetrics(m.text));
      takeSample(rows, performance.now());
      const span = samples.length > 1 ? (samples[samples.length - 1].at - samples[0].at) / 1000 : 0;
      fill(sampled, `${samples.length} sample${samples.length === 1 ? '' : 's'} over ${span.toFixed(0)} s`
        + ' (kept while this page is open, the last 60 intervals).');
      fill(metrics, h('h2', { id: 'metrics-title' }, 'Requests'),
        rows.length ? grid(['Operation', 'Table', 'Requests per second', 'Errors per second', 'Mean ms', 'Requests',
          'Errors', 'Mean ms (all)', 'Max ms'],
        series(rows).map(({ r, cells }) => [r.operation, r.table || '—', ...cells, r.requests, r.errors,
          r.requests ? ((r.seconds / r.requests) * 1000).toFixed(2) : '', (r.max * 1000).toFixed(2)]), 5)
          : h('p', { class: 'muted' }, 'No requests yet.'),
        sampled,
        h('p', { class: 'muted' }, 'The lines: each interval between two samples, scaled to the line\'s largest value; the number is the last interval.'
          + ' Requests, errors and both means are counted since the server started. The console\'s own requests count too.'));
    } else {
      fill(metrics, h('h2', { id: 'metrics-title' }, 'Requests'),
        h('p', { class: 'msg info' }, 'Metrics are off: start the server with --metrics to see requests, errors and latency per operation.'));
    }
    if (k.ok) {
      const keys = JSON.parse(k.text).HotKeys || [];
      fill(hot, h('h2', { id: 'hot-title' }, 'Hot partition keys'),
        keys.length ? grid(['Table', 'Partition key', 'Reads', 'Writes'],
          keys.map((x) => [x.TableName, x.PartitionKey, x.Reads, x.Writes]), 2)
          : h('p', { class: 'muted' }, 'No reads or writes in the last minute or two.'));
    } else {
      fill(hot, h('h2', { id: 'hot-title' }, 'Hot partition keys'),
        h('p', { class: 'msg info' }, 'Hot keys are not counted: start the server with --hot-keys to see the busiest partition keys.'));
    }
  };
  // one sample at a time, in the order asked: a Refresh during a timed one waits for it
  // (aria-busy while any is waiting or running)
  let waiting = 0;
  const sample = () => {
    waiting++;
    metrics.setAttribute('aria-busy', 'true');
    const done = () => {
      waiting--;
      if (!waiting) metrics.setAttribute('aria-busy', 'false');
    };
    queue = queue.then(refresh, refresh).finally(done);
    return queue;
  };

  const auto = h('input', { type: 'checkbox', id: 'auto-refresh', checked: true, onchange: (e) => {
    if (poller) poller.stop();
    poller = e.target.checked ? repeat(root, 2000, sample) : null;
  } });
  fill(root, h('h1', {}, 'Activity'),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: sample }, 'Refresh'),
      h('label', { for: 'auto-refresh' }, auto, ' Sample every 2 s')),
    metrics, hot);
  poller = repeat(root, 2000, sample);
  await queue;
}
