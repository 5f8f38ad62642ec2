// PartiQL: ExecuteStatement with NextToken paging, results three ways, and the statements run
// before (kept in this browser's localStorage).
import { call } from './api.js';
import { Pages, explain, fill, h, message, results } from './ui.js';
import { capacityText } from './values.js';

const HISTORY = 'partita.console.partiql.history';
const HISTORY_MOST = 50;

function history() {
  try {
    return JSON.parse(localStorage.getItem(HISTORY) || '[]');
  } catch {
    return [];
  }
}

function remember(statement) {
  const list = [statement, ...history().filter((s) => s !== statement)].slice(0, HISTORY_MOST);
  localStorage.setItem(HISTORY, JSON.stringify(list));
}

export async function render(root) {
  const editor = h('textarea', { id: 'statement', rows: '5', spellcheck: 'false', class: 'code', name: 'statement',
    placeholder: 'SELECT * FROM "MyTable" WHERE PK = \'USER#alice\'' });
  const status = h('div');
  const out = h('div');
  const pager = h('div', { class: 'actions pager' });
  const past = h('ol', { class: 'history' });
  const view = {};
  const pages = new Pages();

  const drawHistory = () => fill(past, history().map((s) => h('li', {}, h('button', { type: 'button', class: 'link',
    onclick: () => { editor.value = s; editor.focus(); } }, s))));

  const run = async () => {
    const statement = editor.value.trim();
    if (!statement) return;
    const request = { Statement: statement, ReturnConsumedCapacity: 'TOTAL' };
    if (pages.current) request.NextToken = pages.current;
    let answer;
    try {
      answer = await call('ExecuteStatement', request);
    } catch (err) {
      return message(status, explain(err), 'error');
    }
    remember(statement);
    drawHistory();
    const items = answer.Items || [];
    message(status, `${items.length} item${items.length === 1 ? '' : 's'}, page ${pages.number}.`
      + ` Consumed capacity: ${capacityText(answer.ConsumedCapacity)}`, 'ok');
    fill(out, results(items, { state: view, label: 'Statement results' }));
    pages.buttons(pager, answer.NextToken, run);
  };
  const start = (e) => {
    if (e) e.preventDefault();
    pages.reset();
    run();
  };
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) start(e);
  });

  fill(root, h('h1', {}, 'PartiQL'),
    h('form', { class: 'builder', onsubmit: start },
      h('div', { class: 'field' }, h('label', { for: 'statement' }, 'Statement'), editor,
        h('small', {}, 'Ctrl+Enter runs it. SELECT, INSERT, UPDATE and DELETE, as ExecuteStatement takes them.')),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Run statement'))),
    status, pager, out,
    h('h2', {}, 'History'), past);
  drawHistory();
}
