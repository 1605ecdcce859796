// The agent card and the discovery manifest validate against the A2A v1.0 AgentCard schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const base = process.env.GATEWAY_URL;
const schema = JSON.parse(readFileSync(new URL('../schemas/a2a-agent-card-v1.0.schema.json', import.meta.url)));
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

for (const path of ['/.well-known/agent-card.json', '/.well-known/a2a-agent.json', '/.well-known/agent.json']) {
  test(`${path} is a valid A2A v1.0 AgentCard`, { skip: !base }, async () => {
    const card = await (await fetch(new URL(path, base))).json();
    assert.ok(validate(card), JSON.stringify(validate.errors, null, 2));
  });
}

test('the schema rejects a card without skills', () => {
  assert.equal(validate({ name: 'x', description: 'y', supportedInterfaces: [], version: '1', capabilities: {},
    defaultInputModes: [], defaultOutputModes: [] }), false);
});
