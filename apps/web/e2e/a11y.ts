import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once per test file. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * A11Y-1: runs axe-core (WCAG 2.x A and AA rules) on what `page` shows now and answers the
 * serious and critical violations, one readable line per element ('' when there are none).
 */
export async function seriousViolations(page: Page): Promise<string> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated over the DevTools protocol, so the app's Content-Security-Policy does not block it.
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `[${v.impact}] ${v.id} (${v.help}) at ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
      ),
    )
    .join('\n');
}

/**
 * A11Y-1: the violations of `page` as turntable and then as hangout (the same page with the
 * other brand's colour tokens: only `data-brand` on <html> differs between the two), labelled.
 */
export async function seriousViolationsInBothBrands(page: Page, label: string): Promise<string> {
  const out: string[] = [];
  const original = await page.evaluate(() => document.documentElement.dataset.brand ?? '');
  for (const brand of ['turntable', 'hangout']) {
    // Switching the tokens starts colour transitions: measure once they have ended.
    await page.evaluate(async (b) => {
      document.documentElement.dataset.brand = b;
      await new Promise(requestAnimationFrame);
      const moving = document.getAnimations().filter((a) => a instanceof CSSTransition);
      await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
    }, brand);
    const found = await seriousViolations(page);
    if (found) out.push(`${label} (${brand}):\n${found}`);
  }
  await page.evaluate((b) => {
    if (b) document.documentElement.dataset.brand = b;
    else delete document.documentElement.dataset.brand;
  }, original);
  return out.join('\n');
}

/** The computed animation-name of the first element matching `selector` (A11Y-7). */
export function animationOf(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el ? getComputedStyle(el).animationName : null;
  }, selector);
}

/** The focused element's focus ring (its box-shadow or outline), 'none' when there is none. */
export function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'none';
    const cs = getComputedStyle(el);
    return cs.boxShadow !== 'none' ? cs.boxShadow : cs.outlineStyle;
  });
}

/**
 * A11Y-8: presses Tab until the focused element matches `selector` (at most `max` presses),
 * failing with where the focus went.
 */
export async function tabTo(page: Page, selector: string, max = 200): Promise<void> {
  const visited: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate((sel) => {
      const el = document.activeElement;
      if (!el || el === document.body) return { hit: false, what: 'body' };
      const what = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
      return { hit: el.matches(sel), what };
    }, selector);
    if (at.hit) return;
    visited.push(at.what);
  }
  throw new Error(`Tab never reached ${selector}; it went: ${visited.join(' → ')}`);
}
