// The demo page: trial calls through the gateway, the rates stream, and the caller's audit chain.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const agent = sessionStorage.getItem('quipu-agent') || 'demo-' + Math.random().toString(36).slice(2, 12);
  sessionStorage.setItem('quipu-agent', agent);
  $('agent').textContent = agent;
  let items = [];

  function show(el, value) { el.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2); }

  fetch('/.well-known/x402').then((r) => r.json()).then((doc) => {
    items = doc.items.filter((i) => i.trial && i.method === 'POST' && i.extensions.bazaar.info.input.body);
    for (const item of items) {
      const option = document.createElement('option');
      option.value = item.operation;
      option.textContent = new URL(item.resource).pathname + ' — ' + item.price_usdc + ' USDC';
      $('operation').appendChild(option);
    }
    select();
  }).catch((e) => show($('status'), 'Could not load the operations: ' + e));

  function current() { return items.find((i) => i.operation === $('operation').value); }
  function select() {
    const item = current();
    if (!item) return;
    $('price').textContent = item.description + ' (' + item.price_usdc + ' USDC when paid)';
    show($('body'), item.extensions.bazaar.info.input.body);
  }
  $('operation').addEventListener('change', select);

  $('try').addEventListener('click', async () => {
    const item = current();
    let body;
    try { body = JSON.parse($('body').value); } catch (e) { show($('status'), 'The body is not valid JSON: ' + e.message); return; }
    body.agent_id = body.agent_id || agent;
    show($('status'), 'Calling…');
    const response = await fetch(new URL(item.resource).pathname, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-TRIAL': 'true', 'X-Agent-Id': agent },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    show($('status'), 'HTTP ' + response.status + (response.status === 402 ? ' — payment required (trial used up?)' : ''));
    try { show($('result'), JSON.parse(text)); } catch (e) { show($('result'), text); }
  });

  let source;
  $('stream').addEventListener('click', () => {
    if (source) source.close();
    $('events').innerHTML = '';
    source = new EventSource('/rates/stream?country=' + $('country').value + '&interval=5&max_events=3');
    const add = (text) => { const li = document.createElement('li'); li.textContent = text; $('events').appendChild(li); };
    source.onmessage = (e) => add(e.data);
    source.addEventListener('rates', (e) => add(e.data));
    source.onerror = () => { add('stream closed'); source.close(); };
  });

  $('audit').addEventListener('click', async () => {
    const response = await fetch('/audit/' + encodeURIComponent(agent));
    const text = await response.text();
    try { show($('chain'), JSON.parse(text)); } catch (e) { show($('chain'), 'HTTP ' + response.status + ' ' + text); }
  });
})();
