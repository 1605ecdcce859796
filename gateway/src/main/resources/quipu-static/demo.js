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

  // The stream is read with fetch rather than EventSource: EventSource hides a refusal's status and
  // JSON body (422, 402, 503), and a person should see why a stream did not start or why it stopped.
  let streaming;
  const line = (kind, text) => {
    const li = document.createElement('li');
    li.className = kind;
    li.textContent = text;
    $('events').appendChild(li);
  };
  const streamState = (text) => show($('stream-status'), text);
  function describe(name, data) {
    let doc;
    try { doc = JSON.parse(data); } catch (e) { return name + ': ' + data; }
    if (name === 'rates') {
      const values = Object.entries(doc.values || {}).map(([k, v]) => k + ' ' + v + ' (' + ((doc.as_of || {})[k] || '?') + ', '
        + ((doc.sources || {})[k] || '?') + ')');
      return doc.country + ' at ' + doc.observed_at + ' [' + doc.source_mode + ']: ' + (values.join('; ') || 'no values');
    }
    if (name === 'end') return 'stream ended: ' + doc.reason + ' after ' + doc.events + ' event(s)';
    if (name === 'limit') return 'trial limit: ' + doc.message + (doc.hint ? ' ' + doc.hint : '');
    if (name === 'error') return 'stream error: ' + (doc.message || doc.error);
    return name + ': ' + data;
  }
  async function watch(country, controller) {
    const url = '/rates/stream?country=' + encodeURIComponent(country) + '&interval=5&max_events=3';
    let response;
    try {
      response = await fetch(url, { headers: { Accept: 'text/event-stream', 'X-Agent-Id': agent }, signal: controller.signal });
    } catch (e) {
      if (!controller.signal.aborted) { line('error', 'could not connect: ' + e.message); streamState('Not connected.'); }
      return;
    }
    if (!response.ok || !(response.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
      const text = await response.text();
      let message = text;
      try { const doc = JSON.parse(text); message = doc.message || (doc.detail || []).map((d) => d.loc.join('.') + ': ' + d.msg).join('; ') || text; } catch (e) { /* plain text */ }
      line('error', 'HTTP ' + response.status + ': ' + message);
      streamState('Refused (HTTP ' + response.status + ').');
      return;
    }
    streamState('Connected, waiting for rate updates (one every 5 s)…');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let last = null;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          const data = [];
          for (const field of block.split('\n')) {
            if (field.startsWith(':')) continue; // heartbeat comment
            const colon = field.indexOf(':');
            const key = colon < 0 ? field : field.slice(0, colon);
            const val = colon < 0 ? '' : field.slice(colon + 1).replace(/^ /, '');
            if (key === 'event') name = val;
            else if (key === 'data') data.push(val);
          }
          if (data.length === 0) continue;
          last = name;
          line(name, describe(name, data.join('\n')));
        }
      }
      streamState(last === 'end' || last === 'limit' || last === 'error' ? 'Stream finished.' : 'The server closed the stream.');
      if (last !== 'end' && last !== 'limit' && last !== 'error') line('closed', 'stream closed by the server');
    } catch (e) {
      if (!controller.signal.aborted) { line('error', 'stream interrupted: ' + e.message); streamState('Interrupted.'); }
    }
  }
  $('stream').addEventListener('click', () => {
    if (streaming) streaming.abort();
    streaming = new AbortController();
    $('events').innerHTML = '';
    streamState('Connecting…');
    watch($('country').value, streaming);
  });

  $('audit').addEventListener('click', async () => {
    const response = await fetch('/audit/' + encodeURIComponent(agent));
    const text = await response.text();
    try { show($('chain'), JSON.parse(text)); } catch (e) { show($('chain'), 'HTTP ' + response.status + ' ' + text); }
  });
})();
