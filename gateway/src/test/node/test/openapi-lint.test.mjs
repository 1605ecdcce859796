// Redocly CLI lints the served OpenAPI document with its recommended rules (redocly.yaml).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const base = process.env.GATEWAY_URL;
const here = dirname(dirname(fileURLToPath(import.meta.url)));

test('the OpenAPI document lints with no errors', { skip: !base }, async () => {
  const doc = await (await fetch(new URL('/openapi.json', base))).text();
  const file = join(mkdtempSync(join(tmpdir(), 'quipu-openapi-')), 'openapi.json');
  writeFileSync(file, doc);
  const cli = join(here, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const out = execFileSync(process.execPath, [cli, 'lint', '--config', join(here, 'redocly.yaml'), '--format=json', file],
    { cwd: here, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
  const report = JSON.parse(out);
  const errors = report.problems.filter(p => p.severity === 'error');
  assert.deepEqual(errors, []);
  assert.equal(JSON.parse(doc).openapi, '3.1.0');
});
