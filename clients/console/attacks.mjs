// Hostile pages against a Partita server, in headless Debian chromium driven by playwright-core:
// node attacks.mjs ENDPOINT TABLE. Run by BrowserAttackTest (docs/SECURITY.md). Prints one JSON
// line: what each attack got, {"crossOrigin": ..., "rebinding": ..., "simplePost": ...}, each either
// "read: <the Scan's text>" or "refused: <why>". The test decides what it expects: refused against a
// default server, read against one opened wide (the control that shows the attacks can succeed).
import { chromium } from 'playwright-core';

const [endpoint, table] = process.argv.slice(2);
if (!endpoint || !table) {
  console.error('usage: node attacks.mjs ENDPOINT TABLE');
  process.exit(2);
}
const port = new URL(endpoint).port;

// evil.example and rebind.example resolve to this machine, as a rebinding DNS makes a name do once
// the page has loaded. Chromium's own guard for public pages calling private addresses (Local
// Network Access) is turned off: Firefox and Safari have none, and the server must not rely on it.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--host-resolver-rules=MAP evil.example 127.0.0.1, MAP rebind.example 127.0.0.1',
    '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,'
      + 'PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests'],
});

/** What a page's script does: a Scan of the table through fetch, as any DynamoDB web client would. */
const scan = async ({ url, table }) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan',
        authorization: 'AWS4-HMAC-SHA256 Credential=x/20000101/us-east-1/dynamodb/aws4_request, SignedHeaders=host,'
          + ' Signature=0' },
      body: JSON.stringify({ TableName: table }),
    });
    const text = await response.text();
    return response.ok ? `read: ${text}` : `refused: ${response.status} ${text.trim()}`;
  } catch (e) {
    return `refused: ${e.message}`;
  }
};

/** A page of `origin`, served by the browser's route (no server needed), its script run in it. */
async function pageOf(origin) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${origin}/attack.html`, (route) => route.fulfill({
    contentType: 'text/html', body: '<!doctype html><title>attack</title><p>hello</p>' }));
  await page.goto(`${origin}/attack.html`);
  return page;
}

const result = {};
try {
  // 1. a site the developer visits calls the server across origins
  const other = await pageOf('http://evil.example:9');
  result.crossOrigin = await other.evaluate(scan, { url: `${endpoint}/`, table });
  // its form-style POST needs no preflight: the browser sends it whatever CORS says (the answer is
  // hidden from the page, not the effect); the test checks no fault was switched on
  result.simplePost = await other.evaluate(async (url) => {
    try {
      await fetch(url, { method: 'POST', mode: 'no-cors', body: 'rate=1.0' });
      return 'sent';
    } catch (e) {
      return `refused: ${e.message}`;
    }
  }, `${endpoint}/partita/faults`);

  // 2. a rebinding page: its own origin's name now resolves to 127.0.0.1, at the server's port,
  // so its requests are same-origin to the browser and reach the server with Host: rebind.example
  const rebound = await pageOf(`http://rebind.example:${port}`);
  result.rebinding = await rebound.evaluate(scan, { url: '/', table });
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
