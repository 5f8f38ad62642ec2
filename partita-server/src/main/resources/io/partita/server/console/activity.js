// Activity: requests, errors and latency per operation and table from GET /metrics (--metrics), and
// the hot partition keys from GET /partita/hot-keys (--hot-keys).
import { getText } from './api.js';
import { fill, grid, h } from './ui.js';

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

export async function render(root) {
  const metrics = h('section', { 'aria-labelledby': 'metrics-title' });
  const hot = h('section', { 'aria-labelledby': 'hot-title' });
  let previous = null;
  let timer = null;

  const refresh = async () => {
    const [m, k] = await Promise.all([getText('/metrics'), getText('/partita/hot-keys')]);
    const now = performance.now();
    if (m.ok) {
      const rows = perOperation(parseMetrics(m.text));
      const before = previous;
      previous = { at: now, rows: new Map(rows.map((r) => [`${r.operation}/${r.table}`, r.requests])) };
      const rate = (r) => {
        if (!before) return '';
        const was = before.rows.get(`${r.operation}/${r.table}`) || 0;
        return ((r.requests - was) / ((now - before.at) / 1000)).toFixed(1);
      };
      fill(metrics, h('h2', { id: 'metrics-title' }, 'Requests'),
        rows.length ? grid(['Operation', 'Table', 'Requests', 'Per second', 'Errors', 'Mean ms', 'Max ms'],
          rows.map((r) => [r.operation, r.table || '—', r.requests, rate(r), r.errors,
            r.requests ? ((r.seconds / r.requests) * 1000).toFixed(2) : '', (r.max * 1000).toFixed(2)]), 2)
          : h('p', { class: 'muted' }, 'No requests yet.'),
        h('p', { class: 'muted' }, 'Counted since the server started; per second since the last refresh. The console\'s own requests count too.'));
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

  const auto = h('input', { type: 'checkbox', id: 'auto-refresh', onchange: (e) => {
    clearInterval(timer);
    timer = e.target.checked ? setInterval(() => { if (root.isConnected && document.contains(auto)) refresh(); else clearInterval(timer); }, 2000) : null;
  } });
  fill(root, h('h1', {}, 'Activity'),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: refresh }, 'Refresh'),
      h('label', { for: 'auto-refresh' }, auto, ' Refresh every 2 s')),
    metrics, hot);
  await refresh();
}
