import type { FastifyPluginAsync } from 'fastify';
import { bankIdSimControlPlugin } from './bankid-sim-control.ts';
import type { BankIdSimulatorControls } from './bankid-simulator-controls.ts';

/*
 * The tester's side of the BankID simulator (issue 4, part 6): a page that plays the user's BankID app.
 * It lists pending orders; the tester opens one in "the app", picks a test person and approves, cancels,
 * or lets it expire, or pastes a QR code's content, which is checked as the app would check it. Served
 * by our own server (the RP API itself needs a client certificate a browser does not have).
 */

const pageAt = (prefix: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>BankID simulator</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1f2933; }
  header { background: #183e4f; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  section { background: #fff; border-radius: 8px; padding: 16px; margin-bottom: 16px; box-shadow: 0 1px 2px #0002; }
  h2 { font-size: 16px; margin: 0 0 12px; }
  label { display: block; font-size: 14px; margin-bottom: 6px; }
  select, input { font: inherit; padding: 8px; border: 1px solid #b8c2cc; border-radius: 4px; width: 100%; box-sizing: border-box; }
  button { font: inherit; padding: 8px 12px; border: 0; border-radius: 4px; background: #183e4f; color: #fff; cursor: pointer; margin: 4px 4px 0 0; }
  button.secondary { background: #e4e8ee; color: #1f2933; }
  .order { border-top: 1px solid #e4e8ee; padding: 12px 0; }
  .order:first-child { border-top: 0; }
  .meta { font-size: 13px; color: #5f6b7a; }
  .status { font-weight: 600; }
  .row { display: flex; gap: 8px; align-items: end; }
  .row > * { flex: 1; }
  .row > button { flex: 0 0 auto; }
  #qr-result { font-size: 14px; margin-top: 8px; min-height: 1em; }
</style>
</head>
<body>
<header><h1>BankID simulator</h1></header>
<main>
  <section>
    <h2>Test person</h2>
    <label for="person">Who identifies in the app</label>
    <select id="person"></select>
  </section>
  <section>
    <h2>Scan a QR code</h2>
    <div class="row">
      <div><label for="qr">The QR code's content (bankid.…)</label><input id="qr" autocomplete="off"></div>
      <button id="scan" type="button">Scan</button>
    </div>
    <div id="qr-result" role="status"></div>
  </section>
  <section>
    <h2>Orders</h2>
    <div id="orders" aria-live="polite"></div>
  </section>
</main>
<script src="${prefix}/page.js" data-api="${prefix}/api"></script>
</body>
</html>`;

const script = `'use strict';
const apiBase = document.currentScript.dataset.api;
const api = (path, body) =>
  fetch(apiBase + path, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  }).then((response) => response.json());
const person = document.getElementById('person');
const ordersBox = document.getElementById('orders');

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function button(label, onClick, secondary) {
  const node = element('button', label, secondary ? 'secondary' : undefined);
  node.type = 'button';
  node.addEventListener('click', () => onClick().then(refresh));
  return node;
}

function renderOrder(order) {
  const box = element('div', undefined, 'order');
  box.dataset.orderRef = order.orderRef;
  const kind = order.request && order.request.kind ? order.request.kind : 'order';
  const age = Math.round((Date.now() - order.createdAt) / 1000);
  box.append(element('div', kind + ' · ' + order.orderRef.slice(0, 8) + ' · ' + age + ' s', 'meta'));
  box.append(element('div', order.status + (order.hintCode ? ' (' + order.hintCode + ')' : ''), 'status'));
  if (order.status === 'pending') {
    const path = '/orders/' + encodeURIComponent(order.orderRef);
    box.append(
      button('Open in the app', () => api(path + '/start', {})),
      button('Ask for the security code', () => api(path + '/prompt', {})),
      button('Approve', () => api(path + '/approve', { personalNumber: person.value })),
      button('Cancel', () => api(path + '/cancel', {}), true),
      button('Let it expire', () => api(path + '/expire', {}), true),
    );
  }
  return box;
}

async function refresh() {
  const { orders } = await api('/orders');
  const newestFirst = orders.slice().sort((a, b) => b.createdAt - a.createdAt).slice(0, 20);
  ordersBox.replaceChildren(...(newestFirst.length ? newestFirst.map(renderOrder) : [element('p', 'No orders yet.')]));
}

api('/persons').then(({ persons }) => {
  for (const p of persons) {
    const option = element('option', p.givenName + ' ' + p.surname + ' (' + p.personalNumber + ')' + (p.isMinor ? ', under 18' : ''));
    option.value = p.personalNumber;
    person.append(option);
  }
});
document.getElementById('scan').addEventListener('click', async () => {
  const { isAccepted } = await api('/qr', { qrData: document.getElementById('qr').value.trim() });
  document.getElementById('qr-result').textContent = isAccepted
    ? 'Accepted: the order is open in the app.'
    : 'Refused: not a current QR code of a pending order.';
  refresh();
});
refresh();
setInterval(refresh, 1000);
`;

export const bankIdTesterPagePlugin: FastifyPluginAsync<{ controls: BankIdSimulatorControls }> = async (
  app,
  { controls },
) => {
  const page = pageAt(app.prefix);
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/page.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  await app.register(bankIdSimControlPlugin, { prefix: '/api', controls });
};
