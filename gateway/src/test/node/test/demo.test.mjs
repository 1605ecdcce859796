// Headless Chromium (Debian's chromium package) on /demo served by the gateway alone (unit context:
// fake backends, no broker): the page offers the trial operations, makes a trial call and shows
// its answer, and opens the rates stream and says so. Live events, the audit chain and the
// screenshot with real data are checked against the running suite (suite/demo.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.GATEWAY_URL;
const browserPath = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

test('the demo page offers trial operations, shows a trial answer and opens the rates stream',
  { skip: !base ? 'GATEWAY_URL is not set' : !browserPath ? 'no chromium binary (apt-get install chromium)' : false }, async () => {
    const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(new URL('/demo', base).href);
      await page.waitForSelector('#operation option', { state: 'attached' });
      const options = await page.locator('#operation option').count();
      assert.ok(options > 5, `${options} trial operations offered`);
      await page.selectOption('#operation', 'sanctions_quick');
      assert.match(await page.inputValue('#body'), /"country"/);
      await page.click('#try');
      await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('HTTP'));
      assert.equal(await page.textContent('#status'), 'HTTP 200');
      assert.match(await page.textContent('#result'), /risk_score/);
      await page.click('#stream');
      await page.waitForFunction(() => document.getElementById('stream-status').textContent.startsWith('Connected'),
        null, { timeout: 10000 });
    } finally {
      await browser.close();
    }
  });
