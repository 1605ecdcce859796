// The official MCP TypeScript SDK client against the RUNNING suite's /mcp (GATEWAY_URL, started by
// platform/e2e's DemoAndMcpIT) with the real paywall: payment-service in local mode verifies the
// EIP-3009 signature and settles into its ledger. The client signs the advertised requirements
// itself with a viem local account (the public, never-funded Anvil key #0 unless QUIPU_PAY_KEY).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { privateKeyToAccount } from 'viem/accounts';

const base = process.env.GATEWAY_URL;
const skip = base ? false : 'GATEWAY_URL is not set';
const account = privateKeyToAccount(
  process.env.QUIPU_PAY_KEY ?? '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const agent = 'e2e-mcp-' + randomBytes(6).toString('hex');
const screening = { name: 'Ecopetrol S.A.', country: 'CO', type: 'company', agent_id: agent };

async function connect() {
  const client = new Client({ name: 'quipu-e2e-mcp', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base)));
  return client;
}

/** An x402 v2 `exact` payload for EVM: TransferWithAuthorization (EIP-3009) signed as EIP-712 typed data. */
async function pay(accepted) {
  const [namespace, chain] = accepted.network.split(':');
  assert.equal(namespace, 'eip155', 'an EVM requirement is advertised first: ' + JSON.stringify(accepted));
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: account.address, to: accepted.payTo, value: accepted.amount,
    validAfter: String(now - 600), validBefore: String(now + accepted.maxTimeoutSeconds),
    nonce: '0x' + randomBytes(32).toString('hex'),
  };
  const signature = await account.signTypedData({
    domain: { name: accepted.extra.name, version: accepted.extra.version, chainId: Number(chain), verifyingContract: accepted.asset },
    types: {
      TransferWithAuthorization: [
        { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: 'TransferWithAuthorization',
    message: { ...authorization, value: BigInt(authorization.value), validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore) },
  });
  return { x402Version: 2, accepted, payload: { signature, authorization } };
}

function evmRequirement(required) {
  return required.accepts.find(a => a.network.startsWith('eip155:'));
}

test('the SDK lists one tool per paid operation of the price book', { skip }, async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  const discovery = await (await fetch(new URL('/.well-known/x402', base))).json();
  const operations = [...new Set(discovery.items.map(i => i.operation))];
  assert.deepEqual(tools.map(t => t.name).sort(), operations.sort());
  assert.ok(tools.every(t => t.inputSchema.type === 'object' && t.outputSchema), 'every tool has both schemas');
  await client.close();
});

test('an unpaid call is refused with the paywall\'s x402 PaymentRequired', { skip }, async () => {
  const client = await connect();
  const refused = await client.callTool({ name: 'sanctions_quick', arguments: screening });
  assert.equal(refused.isError, true, JSON.stringify(refused));
  const required = refused.structuredContent;
  assert.equal(required.x402Version, 2, JSON.stringify(required));
  assert.deepEqual(JSON.parse(refused.content[0].text), required);
  const evm = evmRequirement(required);
  assert.ok(evm, 'an EVM requirement: ' + JSON.stringify(required.accepts));
  assert.equal(evm.scheme, 'exact');
  assert.equal(evm.amount, '10000', 'sanctions_quick costs 0.01 USDC: ' + JSON.stringify(evm));
  assert.ok(required.accepts.some(a => a.network.startsWith('solana:')), 'Solana is offered too');
  await client.close();
});

test('a call paid with a signed EIP-3009 authorization is served and settled', { skip }, async () => {
  const client = await connect();
  const refused = await client.callTool({ name: 'sanctions_quick', arguments: screening });
  const payment = await pay(evmRequirement(refused.structuredContent));
  const paid = await client.callTool({ name: 'sanctions_quick', arguments: screening, _meta: { 'x402/payment': payment } });
  assert.equal(paid.isError, false, JSON.stringify(paid));
  assert.equal(typeof paid.structuredContent.risk_score, 'number', JSON.stringify(paid.structuredContent));
  assert.ok(paid.structuredContent.audit_hash, 'the paid answer carries its audit hash');
  const receipt = paid._meta['x402/payment-response'];
  assert.equal(receipt.success, true, JSON.stringify(receipt));
  assert.equal(receipt.payer.toLowerCase(), account.address.toLowerCase());
  assert.equal(receipt.network, payment.accepted.network);
  assert.ok(receipt.transaction, 'local mode gives a settlement reference');

  // the same authorization again is refused: the claim is exactly-once, as over HTTP
  const replay = await client.callTool({ name: 'sanctions_quick', arguments: screening, _meta: { 'x402/payment': payment } });
  assert.equal(replay.isError, true, JSON.stringify(replay));
  assert.equal(replay._meta?.['quipu/http_status'], 402, JSON.stringify(replay));
  await client.close();
});

test('a payment signed by another key than its "from" is refused', { skip }, async () => {
  const client = await connect();
  const refused = await client.callTool({ name: 'sanctions_quick', arguments: screening });
  const payment = await pay(evmRequirement(refused.structuredContent));
  payment.payload.authorization.from = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const forged = await client.callTool({ name: 'sanctions_quick', arguments: screening, _meta: { 'x402/payment': payment } });
  assert.equal(forged.isError, true, JSON.stringify(forged));
  assert.equal(forged._meta?.['quipu/http_status'], 402, JSON.stringify(forged));
  await client.close();
});

test('a trial call through MCP is served without a wallet', { skip }, async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'rates', arguments: { country: 'CO', agent_id: agent, x_trial: true } });
  assert.equal(result.isError, false, JSON.stringify(result));
  assert.ok(result.structuredContent.usd_cop, JSON.stringify(result.structuredContent));
  assert.equal(result._meta?.['x402/payment-response'], undefined, 'a trial settles nothing');
  await client.ping();
  await client.close();
});

test("the agent's audit chain, paid and trial links alike, verifies", { skip }, async () => {
  let verify = null;
  for (let attempt = 0; attempt < 120 && !(verify?.links_checked >= 2); attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    verify = await (await fetch(new URL(`/audit/${agent}/verify`, base))).json();
  }
  assert.ok(verify?.links_checked >= 2, 'the paid and the trial call are linked: ' + JSON.stringify(verify));
  assert.equal(verify.valid, true, JSON.stringify(verify));
  assert.equal(verify.first_broken ?? null, null, JSON.stringify(verify));
});

test('a 2026-07-28 client discovers the server without a handshake', { skip }, async () => {
  const post = (method, params = {}) => fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } }),
  });
  const discover = await (await post('server/discover')).json();
  assert.equal(discover.result.resultType, 'complete', JSON.stringify(discover));
  assert.ok(discover.result.supportedVersions.includes('2026-07-28'));
  assert.ok(discover.result.capabilities.tools);
  const refused = await (await post('tools/call', { name: 'sanctions_quick', arguments: screening })).json();
  assert.equal(refused.result.resultType, 'complete');
  assert.equal(refused.result.isError, true);
  assert.equal(refused.result.structuredContent.x402Version, 2);
});

test('a browser page on a foreign origin is refused with 403', { skip }, async () => {
  const response = await fetch(new URL('/mcp', base), {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://attacker.example' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.equal(response.status, 403);
});
