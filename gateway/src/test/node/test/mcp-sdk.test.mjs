// The official MCP TypeScript SDK client against the gateway's /mcp (GATEWAY_URL).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const base = process.env.GATEWAY_URL;

async function connect() {
  const client = new Client({ name: 'quipu-sdk-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base)));
  return client;
}

function payloadFor(accepted) {
  const nonce = '0x' + [...crypto.getRandomValues(new Uint8Array(32))].map(b => b.toString(16).padStart(2, '0')).join('');
  return {
    x402Version: 2, accepted,
    payload: {
      signature: '0x' + '11'.repeat(65),
      authorization: { from: '0x857b06519E91e3A54538791bDbb0E22373e36b66', to: accepted.payTo, value: accepted.amount,
        validAfter: '0', validBefore: '9999999999', nonce },
    },
  };
}

test('the SDK lists one tool per paid operation', { skip: !base }, async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  const openapi = await (await fetch(new URL('/openapi.json', base))).json();
  const paid = Object.values(openapi.paths).flatMap(item => Object.values(item)).filter(op => op['x-payment-info']);
  assert.equal(tools.length, paid.length);
  assert.deepEqual(tools.map(t => t.name).sort(), paid.map(op => op.operationId).sort());
  assert.ok(tools.every(t => t.inputSchema.type === 'object' && t.outputSchema));
  await client.close();
});

test('an unpaid call is refused with an x402 PaymentRequired', { skip: !base }, async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'sanctions_quick', arguments: { name: 'Ecopetrol S.A.', country: 'CO', type: 'company' } });
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent.x402Version, 2);
  assert.ok(result.structuredContent.accepts.length > 0);
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  await client.close();
});

test('a paid call is served and carries the settlement', { skip: !base }, async () => {
  const client = await connect();
  const args = { name: 'Ecopetrol S.A.', country: 'CO', type: 'company' };
  const refused = await client.callTool({ name: 'sanctions_quick', arguments: args });
  const payment = payloadFor(refused.structuredContent.accepts[0]);
  const paid = await client.callTool({ name: 'sanctions_quick', arguments: args, _meta: { 'x402/payment': payment } });
  assert.equal(paid.isError, false, JSON.stringify(paid));
  assert.ok('risk_score' in paid.structuredContent);
  assert.equal(paid._meta['x402/payment-response'].success, true);
  await client.close();
});

test('a trial call is served without a wallet', { skip: !base }, async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'rates', arguments: { country: 'CO', x_trial: true } });
  assert.equal(result.isError, false, JSON.stringify(result));
  await client.ping();
  await client.close();
});
