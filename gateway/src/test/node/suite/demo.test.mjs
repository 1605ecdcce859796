// Headless Chromium (Debian's chromium package) clicks through /demo on the RUNNING suite
// (GATEWAY_URL, started by platform/e2e's DemoAndMcpIT): a trial call answered by
// sanctions-service, the caller's audit chain from audit-service, and live rates events from
// rates-service through quipu.rates.v1 until the stream's end, then the trial limit shown when the
// address's free events are used up. Saves demo.png and docs.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

// BROWSER_GATEWAY_URL: the same gateway at a client address of the page's own (trials count per address)
const base = process.env.BROWSER_GATEWAY_URL || process.env.GATEWAY_URL;
const browserPath = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
const shots = process.env.SCREENSHOT_DIR || 'screenshots';

test('a person makes a trial call, watches live rates and sees their audit chain on /demo',
  { skip: !base ? 'GATEWAY_URL is not set' : !browserPath ? 'no chromium binary (apt-get install chromium)' : false }, async () => {
    const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
      await page.goto(new URL('/demo', base).href);
      await page.waitForSelector('#operation option', { state: 'attached' });
      await page.selectOption('#operation', 'sanctions_quick');
      await page.click('#try');
      await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('HTTP'), null, { timeout: 30000 });
      assert.equal(await page.textContent('#status'), 'HTTP 200', await page.textContent('#result'));
      const answer = JSON.parse(await page.textContent('#result'));
      assert.equal(typeof answer.risk_score, 'number', JSON.stringify(answer));
      assert.ok(Array.isArray(answer.lists_checked) && answer.lists_checked.length > 0, JSON.stringify(answer));

      // live rates: three trial events of real (snapshot-mode) data, then the stream's end
      await page.selectOption('#country', 'CO');
      await page.click('#stream');
      try {
        await page.waitForSelector('#events li.end, #events li.error, #events li.limit', { timeout: 45000 });
      } catch (e) {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: `${shots}/demo-failure.png`, fullPage: true });
        assert.fail('the stream did not finish in 45 s; status "' + await page.textContent('#stream-status') + '", events: '
          + JSON.stringify(await page.locator('#events li').allTextContents()) + ' (no rates update of CO reached the'
          + ' gateway? see rates-service.log for "could not publish")');
      }
      const events = await page.locator('#events li').allTextContents();
      assert.equal(await page.locator('#events li.rates').count(), 3, events.join('\n'));
      assert.match(events[0], /^CO at .*usd_cop \d/, events.join('\n'));
      assert.match(events.at(-1), /stream ended: max_events after 3 event/, events.join('\n'));

      // the audit chain: the trial call's link arrives through the outbox and the broker
      const agent = await page.textContent('#agent');
      let chain = null;
      for (let attempt = 0; attempt < 60 && !(chain?.links?.length > 0); attempt++) {
        await page.click('#audit');
        await page.waitForFunction(() => document.getElementById('chain').textContent.length > 0);
        try { chain = JSON.parse(await page.textContent('#chain')); } catch { chain = null; }
        if (!(chain?.links?.length > 0)) await page.waitForTimeout(1000);
      }
      assert.ok(chain?.links?.length > 0, 'no audit link for ' + agent + ': ' + (await page.textContent('#chain')));
      assert.equal(chain.agent_id, agent);
      assert.ok(typeof chain.head?.chain_hash === 'string' && chain.head.chain_hash.length >= 32, JSON.stringify(chain.head));
      const verify = await (await fetch(new URL(`/audit/${agent}/verify`, base))).json();
      assert.equal(verify.valid, true, 'the chain of ' + agent + ' verifies: ' + JSON.stringify(verify));

      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/demo.png`, fullPage: true });
      // this address's free stream events are used up now: the page says so instead of waiting
      await page.click('#stream');
      await page.waitForSelector('#events li.limit, #events li.error', { timeout: 45000 });
      assert.match(await page.textContent('#events'), /trial limit: The 3 free stream events/);
      assert.equal(await page.textContent('#stream-status'), 'Stream finished.');

      const docs = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      await docs.goto(new URL('/docs', base).href);
      await docs.waitForSelector('.opblock', { timeout: 15000 });
      await docs.screenshot({ path: `${shots}/docs.png` });
    } finally {
      await browser.close();
    }
  });
