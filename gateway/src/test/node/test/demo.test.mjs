// Headless Chromium (Debian's chromium package) clicks through /demo and saves a screenshot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.GATEWAY_URL;
const browserPath = process.env.CHROMIUM_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
const shots = process.env.SCREENSHOT_DIR || 'screenshots';

test('a person can make a trial call and see their audit chain on /demo', { skip: !base || !browserPath }, async () => {
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
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
    await page.click('#audit');
    await page.waitForFunction(() => document.getElementById('chain').textContent.length > 0);
    await page.click('#stream');
    await page.waitForFunction(() => document.querySelectorAll('#events li').length > 0, null, { timeout: 10000 });
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/demo.png`, fullPage: true });
    const docs = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await docs.goto(new URL('/docs', base).href);
    await docs.waitForSelector('.opblock', { timeout: 15000 });
    await docs.screenshot({ path: `${shots}/docs.png` });
  } finally {
    await browser.close();
  }
});
