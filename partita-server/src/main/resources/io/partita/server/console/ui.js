// Small DOM helpers. Text always goes in as text nodes, never as HTML, so no item can inject markup.
import { plainItem, text } from './values.js';

/** An element: h('button', {class: 'x', onclick: f}, 'Label', child, ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'value') el.value = v;
    else if (k === 'checked') el.checked = Boolean(v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces an element's content. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let ids = 0;
/** A labelled form control: h('label') around the text, and the control with its own id. */
export function field(label, control, hint) {
  const id = control.id || `f${++ids}`;
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('small', {}, hint) : null);
}

/** A <select> of options given as strings or [value, label] pairs. */
export function select(options, attrs = {}) {
  return h('select', attrs, options.map((o) => {
    const [value, label] = Array.isArray(o) ? o : [o, o];
    return h('option', { value, selected: value === attrs.value }, label);
  }));
}

/** A status line: role=status for news, role=alert for errors, so a screen reader says it. */
export function message(el, text, kind = 'info') {
  fill(el, text ? h('p', { class: `msg ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text) : null);
}

/** An error as a sentence for the user. */
export function explain(e) {
  return e && e.code ? `${e.code}: ${e.message.slice(e.code.length + 2)}` : String(e && e.message ? e.message : e);
}

/** Pretty JSON in a <pre>. */
export function json(value, attrs = {}) {
  return h('pre', { class: 'json', tabindex: '0', ...attrs }, JSON.stringify(value, null, 2));
}

/** A table of text: column headers and rows of values, the columns from `numbersFrom` on right-aligned numbers. */
export function grid(headers, rows, numbersFrom = Infinity) {
  return h('div', { class: 'grid-wrap' }, h('table', { class: 'grid' },
    h('thead', {}, h('tr', {}, headers.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((v, i) => h('td', { class: i >= numbersFrom ? 'num' : null }, v)))))));
}

/**
 * Paging by start keys (LastEvaluatedKey) or tokens (NextToken): a stack of the starts used, so
 * Previous goes back the way Next came. `current` is the start of the page shown (undefined: the first).
 */
export class Pages {
  constructor() {
    this.reset();
  }

  reset() {
    this.stack = [];
    this.current = undefined;
  }

  get number() {
    return this.stack.length + 1;
  }

  /** Fills `el` with Previous and Next buttons; `go()` shows the page that starts at `current`. */
  buttons(el, next, go) {
    fill(el,
      h('button', { type: 'button', disabled: !this.stack.length, onclick: () => {
        this.current = this.stack.pop();
        go();
      } }, 'Previous page'),
      h('button', { type: 'button', disabled: !next, onclick: () => {
        this.stack.push(this.current);
        this.current = next;
        go();
      } }, 'Next page'));
  }
}

/** The columns of items: the key attributes first, then the others in name order. */
export function columnsOf(items, keys = []) {
  const seen = new Set();
  for (const item of items) for (const name of Object.keys(item)) seen.add(name);
  return [...keys.filter((k) => seen.has(k)), ...[...seen].filter((n) => !keys.includes(n)).sort()];
}

/**
 * Items shown three ways (a grid with chosen columns, DynamoDB JSON, plain JSON), with an action
 * button per row when `onOpen` is given. Returns the element; `state` keeps the view and hidden
 * columns across pages.
 */
export function results(items, { keys = [], onOpen, state = {}, label = 'Results' } = {}) {
  state.view = state.view || 'grid';
  state.hidden = state.hidden || new Set();
  const columns = columnsOf(items, keys);
  const body = h('div', { class: 'result-body' });
  const draw = () => {
    if (state.view === 'ddb') return fill(body, json(items, { 'aria-label': `${label} as DynamoDB JSON` }));
    if (state.view === 'json') return fill(body, json(items.map(plainItem), { 'aria-label': `${label} as JSON` }));
    const shown = columns.filter((c) => !state.hidden.has(c));
    return fill(body, h('div', { class: 'grid-wrap', tabindex: '0', role: 'region', 'aria-label': label },
      h('table', { class: 'grid' },
        h('thead', {}, h('tr', {}, onOpen ? h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Actions')) : null,
          shown.map((c) => h('th', { scope: 'col', class: keys.includes(c) ? 'key' : null }, c)))),
        h('tbody', {}, items.map((item, i) => h('tr', {},
          onOpen ? h('td', {}, h('button', { type: 'button', class: 'small', onclick: () => onOpen(item, i),
            'aria-label': `Open item ${i + 1}` }, 'Open')) : null,
          shown.map((c) => h('td', { class: keys.includes(c) ? 'key' : null }, text(item[c])))))))));
  };
  const views = h('div', { class: 'views', role: 'group', 'aria-label': 'Show results as' },
    [['grid', 'Grid'], ['ddb', 'DynamoDB JSON'], ['json', 'JSON']].map(([v, l]) => h('button', {
      type: 'button', class: 'small', 'aria-pressed': String(state.view === v), 'data-view': v,
      onclick: (ev) => {
        state.view = v;
        for (const b of views.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === ev.target));
        draw();
      },
    }, l)));
  const chooser = h('details', { class: 'columns' }, h('summary', {}, 'Columns'),
    h('div', { class: 'column-list' }, columns.map((c) => h('label', {}, h('input', {
      type: 'checkbox', checked: !state.hidden.has(c), 'data-column': c,
      onchange: (ev) => {
        if (ev.target.checked) state.hidden.delete(c);
        else state.hidden.add(c);
        draw();
      },
    }), ` ${c}`))));
  draw();
  return h('div', { class: 'results' }, h('div', { class: 'toolbar' }, views, columns.length ? chooser : null), body);
}

/**
 * A modal dialog (the native <dialog>: focus moves into it, Escape closes it, focus returns
 * afterwards). `build(close)` returns its content; resolves when closed.
 */
export function dialog(title, build) {
  return new Promise((resolve) => {
    const opener = document.activeElement;
    const d = h('dialog', { 'aria-labelledby': 'dialog-title' });
    const close = (value) => {
      d.close();
      d.remove();
      if (opener && opener.focus) opener.focus();
      resolve(value);
    };
    d.addEventListener('cancel', (e) => {
      e.preventDefault();
      close(undefined);
    });
    fill(d, h('h2', { id: 'dialog-title' }, title), build(close));
    document.body.append(d);
    d.showModal();
  });
}

/**
 * Runs `f` now and then again `ms` after each run ends (so runs never overlap), until stop() is
 * called or `root`, once on the page, has left it: a screen left stops its own polling. (`root` may
 * join the page after the first run.)
 */
export function repeat(root, ms, f) {
  let timer = null;
  let stopped = false;
  let joined = false;
  const going = () => {
    joined = joined || root.isConnected;
    return !stopped && (root.isConnected || !joined);
  };
  const tick = async () => {
    if (!going()) return;
    try {
      await f();
    } finally {
      if (going()) timer = setTimeout(tick, ms);
    }
  };
  tick();
  return { stop: () => { stopped = true; clearTimeout(timer); } };
}

/** A duration in words, to the two largest units: "3 d 4 h", "12 min 5 s", "40 s". */
export function duration(seconds) {
  let s = Math.max(0, Math.round(seconds));
  const parts = [];
  for (const [unit, size] of [['d', 86400], ['h', 3600], ['min', 60], ['s', 1]]) {
    if (s >= size || (unit === 's' && !parts.length)) {
      parts.push(`${Math.floor(s / size)} ${unit}`);
      s %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}
