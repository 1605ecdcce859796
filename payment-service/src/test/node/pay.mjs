// The official x402 v2 TypeScript client pays one call: @x402/fetch wraps fetch, @x402/evm signs
// the EIP-3009 authorization with a viem local account (the public, never-funded Anvil key #0).
// Usage: node pay.mjs URL [JSON-BODY]. Prints the outcome as one JSON line; exit 0 when paid.
import { wrapFetchWithPayment, x402Client, decodePaymentResponseHeader } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm';
import { privateKeyToAccount } from 'viem/accounts';

const [url, body] = process.argv.slice(2);
const account = privateKeyToAccount(
  process.env.QUIPU_PAY_KEY ?? '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const client = new x402Client().register('eip155:8453', new ExactEvmScheme(account));
const fetchWithPay = wrapFetchWithPayment(fetch, client);

const unpaid = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
const response = await fetchWithPay(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
const header = response.headers.get('PAYMENT-RESPONSE');
const settlement = header ? decodePaymentResponseHeader(header) : null;
const text = await response.text();
console.log(JSON.stringify({
  unpaidStatus: unpaid.status,
  status: response.status,
  payer: account.address,
  settlement,
  body: text,
}));
process.exit(response.status === 200 && settlement?.success === true ? 0 : 1);
