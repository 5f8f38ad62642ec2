// The console's only way to the server: DynamoDB's public JSON API (POST /, X-Amz-Target), plus
// GET /metrics, GET /partita/hot-keys, GET /partita/schemas and GET / (the health line, which names
// the region). When the server checks signatures, every request but the health line's is signed here
// with AWS Signature Version 4 (WebCrypto), as the server then requires (docs/SECURITY.md).

const CREDENTIALS = 'partita.console.credentials';
const AUTH_ERRORS = new Set(['MissingAuthenticationTokenException', 'UnrecognizedClientException',
  'InvalidSignatureException', 'IncompleteSignatureException']);

/** An error answered by the server: its DynamoDB code (the part of __type after '#') and message. */
export class ApiError extends Error {
  constructor(code, message, status, body) {
    super(`${code}: ${message}`);
    this.code = code;
    this.status = status;
    this.body = body;
  }

  /** Whether the server refused the request's signature (so the console must ask for keys). */
  get isAuth() {
    return AUTH_ERRORS.has(this.code);
  }
}

// The namespace a server that isolates them (partita serve --isolate) serves this console from: the key and region
// of the page's address (/console?key=ACCESS_KEY_ID&region=REGION), else the console's own key and the server's
// region. The key counts where the server checks no signatures (with them, the key signed in with chooses).
const page = new URLSearchParams(globalThis.location ? globalThis.location.search : ''); // api.js runs in node's tests too
const pageKey = page.get('key') || 'partita-console';
let region = page.get('region') || 'us-east-1';

/** The region the server stands for, read from its health line ("healthy: dynamodb.REGION.amazonaws.com"). */
export async function learnRegion() {
  if (page.get('region')) return region;
  try {
    const text = await (await fetch('/', { cache: 'no-store' })).text();
    const m = /dynamodb\.([a-z0-9-]+)\.amazonaws\.com/.exec(text);
    if (m) region = m[1];
  } catch {
    // the default region stays; a request will say what is wrong
  }
  return region;
}

export function credentials() {
  try {
    return JSON.parse(sessionStorage.getItem(CREDENTIALS) || 'null');
  } catch {
    return null;
  }
}

/** Keeps an access key and secret for this tab only (sessionStorage), or forgets them (null). */
export function setCredentials(c) {
  if (c) sessionStorage.setItem(CREDENTIALS, JSON.stringify(c));
  else sessionStorage.removeItem(CREDENTIALS);
}

// The namespace that served the last request, as an isolating server names it (X-Partita-Namespace: "ci-job-7",
// "ci-job-7/eu-west-1"), or null on a shared server.
let served = null;

/** The namespace the last answer came from, or null when the server keeps one database for everyone. */
export function namespace() {
  return served;
}

/**
 * Shows another namespace of an isolating server: the page again, with its address naming the key (and region)
 * whose database to show. With signatures checked, the key signed in with chooses instead.
 */
export function switchNamespace(key, newRegion) {
  const q = new URLSearchParams();
  q.set('key', key);
  if (newRegion) q.set('region', newRegion);
  location.search = `?${q}`;
}

const listeners = [];
/** Called after every DynamoDB request with (operation, milliseconds, error or null). */
export function onRequest(f) {
  listeners.push(f);
}

/** The X-Amz-Target prefixes: DynamoDB's API and DynamoDB Streams' (signed for the same service, dynamodb). */
const DYNAMODB = 'DynamoDB_20120810';
const STREAMS = 'DynamoDBStreams_20120810';

/** One DynamoDB operation: resolves to the answer's JSON, or rejects with an ApiError. */
export async function call(operation, body = {}, api = DYNAMODB) {
  const payload = JSON.stringify(body);
  const headers = {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': `${api}.${operation}`,
  };
  const keys = credentials();
  if (keys) {
    Object.assign(headers, await sign(headers, payload, keys));
  } else {
    // a server without credentials accepts any signature; this one names the console
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${pageKey}/20000101/${region}/dynamodb/aws4_request,`
      + ' SignedHeaders=host;x-amz-target, Signature=0';
  }
  const started = performance.now();
  let error = null;
  try {
    const response = await fetch('/', { method: 'POST', headers, body: payload, cache: 'no-store' });
    served = response.headers.get('x-partita-namespace');
    const text = await response.text();
    const json = text ? JSON.parse(text) : {};
    if (!response.ok) {
      const type = String(json.__type || 'Error');
      error = new ApiError(type.slice(type.indexOf('#') + 1), json.message || json.Message || text, response.status,
        json);
      throw error;
    }
    return json;
  } catch (e) {
    error = error || e;
    throw e;
  } finally {
    const ms = performance.now() - started;
    for (const f of listeners) f(operation, ms, error);
  }
}

/** One DynamoDB Streams operation (ListStreams, DescribeStream, GetShardIterator, GetRecords). */
export function streamsCall(operation, body = {}) {
  return call(operation, body, STREAMS);
}

/**
 * GET of a text resource of the server (a path without a query): {ok, status, text}. Unsigned, it names the
 * console's namespace in the query, as an isolating server asks of an unsigned side door's request.
 */
export async function getText(path) {
  const keys = credentials();
  const headers = keys ? await sign({}, '', keys, new Date(), 'GET', path) : {};
  const named = keys ? path : `${path}?key=${encodeURIComponent(pageKey)}&region=${encodeURIComponent(region)}`;
  const response = await fetch(named, { cache: 'no-store', headers });
  return { ok: response.ok, status: response.status, text: await response.text() };
}

// ---- Signature Version 4 ----

const encoder = new TextEncoder();

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function sha256(text) {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

async function hmac(key, text) {
  const k = await crypto.subtle.importKey('raw', typeof key === 'string' ? encoder.encode(key) : key,
    { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, encoder.encode(text));
}

/**
 * The headers that sign a request (by default a POST to /) with `headers` and `payload`: x-amz-date
 * and authorization. The host is the page's own (the browser sends it), and every header sent is
 * signed. `path` is sent as it is, so it must be in canonical form already (encodeURIComponent'd
 * segments of unreserved characters, as the console's are).
 */
export async function sign(headers, payload, { accessKey, secretKey }, now = new Date(), method = 'POST', path = '/') {
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const all = { ...headers, host: location.host, 'x-amz-date': amzDate };
  const names = Object.keys(all).map((n) => n.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const signedHeaders = names.join(';');
  const canonical = [method, path, '', ...names.map((n) => `${n}:${lower[n]}`), '', signedHeaders,
    await sha256(payload)].join('\n');
  const scope = `${day}/${region}/dynamodb/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, await sha256(canonical)].join('\n');
  let key = await hmac(`AWS4${secretKey}`, day);
  key = await hmac(key, region);
  key = await hmac(key, 'dynamodb');
  key = await hmac(key, 'aws4_request');
  const signature = hex(await hmac(key, toSign));
  return {
    'x-amz-date': amzDate,
    authorization: `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${signedHeaders},`
      + ` Signature=${signature}`,
  };
}

/** The names of every table (ListTables, every page). */
export function tableNames() {
  return all('ListTables', {}, 'TableNames', 'ExclusiveStartTableName', 'LastEvaluatedTableName');
}

/** Every page of a paged DynamoDB read: calls `operation` until `tokenOut` is absent, at most `most` items. */
export async function all(operation, request, listName, tokenIn, tokenOut, most = Infinity) {
  const out = [];
  let token;
  do {
    const answer = await call(operation, token ? { ...request, [tokenIn]: token } : request);
    out.push(...(answer[listName] || []));
    token = answer[tokenOut];
  } while (token && out.length < most);
  return out;
}
