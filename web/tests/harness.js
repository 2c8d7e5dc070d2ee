// What both browser test files share: the browser (Debian's chromium
// through playwright-core, started once per file), a fresh page per test,
// and the few ways the tests find things on the page.
import { before, after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const web = path.dirname(here);
export const root = path.dirname(web);
export const BASE = process.env.BASE_URL || 'http://127.0.0.1:8000/';
export const SHOTS = path.join(web, 'screenshots');

/** Errors thrown on any page of this file, to be found empty at the end. */
export const pageErrors = [];

let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  fs.mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** A fresh browser profile (empty storage) with the page loaded and ready. */
export async function open(t, { width = 1280, height = 900, url = BASE } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  t.after(() => context.close());
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${t.name}: ${e.message}`));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
  return page;
}

export const cell = (page, name) => page.getByRole('gridcell', { name, exact: true });
export const button = (page, name) => page.getByRole('button', { name, exact: true });
export const status = (page) => page.getByRole('status');

/** Waits until the status region's text matches. */
export async function statusMatches(page, pattern, timeout = 10_000) {
  try {
    await page.waitForFunction(
      ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[role=status]').textContent),
      [pattern.source, pattern.flags],
      { timeout },
    );
  } catch {
    throw new Error(`status never matched ${pattern}; it says: ${await status(page).textContent()}`);
  }
  return status(page).textContent();
}
