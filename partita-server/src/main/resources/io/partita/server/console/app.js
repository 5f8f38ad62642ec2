// The console's shell: the screens by URL hash (#/tables, #/items?table=T, ...), the sign-in form
// when the server checks signatures, and the line that shows the last request.
import { ApiError, call, credentials, learnRegion, namespace, onRequest, setCredentials, switchNamespace } from './api.js';
import * as activity from './activity.js';
import * as collection from './collection.js';
import * as items from './items.js';
import * as partiql from './partiql.js';
import * as streams from './streams.js';
import * as tables from './tables.js';
import * as vectors from './vectors.js';
import { explain, field, fill, h, message } from './ui.js';

const SCREENS = {
  tables: { title: 'Tables', screen: tables },
  items: { title: 'Items', screen: items },
  collection: { title: 'Collections', screen: collection },
  partiql: { title: 'PartiQL', screen: partiql },
  vectors: { title: 'Vector search', screen: vectors },
  streams: { title: 'Streams and TTL', screen: streams },
  activity: { title: 'Activity', screen: activity },
};

const main = document.getElementById('main');
const last = document.getElementById('last-request');

const namespaceButton = document.getElementById('namespace');

onRequest((operation, ms, error) => {
  fill(last, `Last request: ${operation}, ${ms.toFixed(0)} ms${error ? `, ${error.code || 'failed'}` : ''}`);
  // an isolating server names the namespace each answer came from: the console shows whose tables these are
  const ns = namespace();
  namespaceButton.hidden = !ns;
  if (ns) fill(namespaceButton, `Namespace: ${ns}`);
});

/** The form that shows another namespace of an isolating server (partita serve --isolate). */
function chooseNamespace() {
  const [currentKey, currentRegion] = (namespace() || '').split('/');
  const key = h('input', { type: 'text', name: 'namespace-key', spellcheck: 'false', required: true, value: currentKey || '' });
  const region = h('input', { type: 'text', name: 'namespace-region', spellcheck: 'false', value: currentRegion || '',
    placeholder: 'the server\'s region' });
  fill(main, h('h1', {}, 'Namespace'),
    h('p', {}, 'This server keeps a database per access key (and region, when it isolates by region too): each CI job'
      + ' or developer signing with its own key sees its own tables. Show the tables of the key below.'
      + (credentials() ? ' This tab is signed in: the key it signs with chooses the namespace; sign out to pick one.' : '')),
    h('form', { class: 'builder', onsubmit: (e) => {
      e.preventDefault();
      switchNamespace(key.value.trim(), region.value.trim());
    } }, field('Access key ID', key), field('Region (optional)', region),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', disabled: !!credentials() }, 'Show'))));
  key.focus();
}

namespaceButton.addEventListener('click', chooseNamespace);

/** Asks for an access key and secret, kept for this tab (sessionStorage); resolves once ListTables works with them. */
function signIn(reason) {
  return new Promise((resolve) => {
    const key = h('input', { type: 'text', name: 'access-key', autocomplete: 'username', spellcheck: 'false', required: true });
    const secret = h('input', { type: 'password', name: 'secret-key', autocomplete: 'current-password', required: true });
    const status = h('div');
    if (reason) message(status, reason, 'error');
    fill(main, h('h1', {}, 'Sign in'),
      h('p', {}, 'This server checks signatures (it was started with --credentials or --access-key). Give one of its'
        + ' access keys: the console signs each request with it, and forgets it when this tab closes.'),
      h('form', { class: 'builder', onsubmit: async (e) => {
        e.preventDefault();
        setCredentials({ accessKey: key.value.trim(), secretKey: secret.value });
        try {
          await call('ListTables', { Limit: 1 });
          resolve();
        } catch (err) {
          setCredentials(null);
          message(status, explain(err), 'error');
        }
      } }, field('Access key ID', key), field('Secret access key', secret), status,
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Sign in'))));
    key.focus();
  });
}

async function route() {
  document.getElementById('sign-out').hidden = !credentials();
  const [path, query] = (location.hash.replace(/^#\/?/, '') || 'tables').split('?');
  const name = SCREENS[path] ? path : 'tables';
  for (const a of document.querySelectorAll('nav a')) {
    if (a.dataset.screen === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  document.title = `${SCREENS[name].title} · Partita console`;
  const root = h('div', { class: 'screen', 'data-screen': name });
  fill(main, root);
  try {
    await SCREENS[name].screen.render(root, new URLSearchParams(query || ''));
  } catch (err) {
    if (err instanceof ApiError && err.isAuth) {
      await signIn(credentials() ? `Signed out: ${explain(err)}` : '');
      return route();
    }
    const status = h('div');
    fill(root, h('h1', {}, SCREENS[name].title), status);
    message(status, explain(err), 'error');
  }
  main.focus({ preventScroll: true });
}

document.getElementById('sign-out').addEventListener('click', () => {
  setCredentials(null);
  route();
});

async function start() {
  await learnRegion();
  try {
    await call('ListTables', { Limit: 1 });
  } catch (err) {
    if (!(err instanceof ApiError && err.isAuth)) throw err;
    await signIn(credentials() ? explain(err) : '');
  }
  document.getElementById('sign-out').hidden = !credentials();
  window.addEventListener('hashchange', route);
  await route();
}

start().catch((err) => message(main, explain(err), 'error'));
