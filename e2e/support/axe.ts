import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotPath, viewports } from './browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** The selectors of the elements it names. */
  targets: string[];
}

/**
 * The WCAG 2.0/2.1 A and AA violations axe-core finds on the page as it is now (a dialog
 * that is open included), each with the elements it names; `exclude` leaves parts out.
 */
export async function axeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  // A toast fading in or a dialog fading out is judged as it ends, not half-transparent on its way.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 3_000, polling: 100 })
    .catch(() => undefined);
  // Evaluated, not added as an inline script tag: the app's CSP allows no inline script (docs/security.md).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(axePath, 'utf8'));
  return page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const context = exclude.length > 0 ? { include: [['html']], exclude: exclude.map((s) => [s]) } : document;
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, options.exclude ?? []);
}

/**
 * A screen as everyone must be able to use it, at 1280 and at 390 px: no axe violation
 * (WCAG 2.1 AA, contrast included) and no sideways scrolling; a screenshot of each width
 * (`.tmp/e2e-<name>-<desktop|phone>.png`). Leaves the page at the desktop width.
 */
export async function checkScreenAtBothWidths(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${name} at ${size}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size}`).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: screenshotPath(`e2e-${name}-${size}.png`), fullPage: true }).catch(() => undefined);
  }
  await page.setViewportSize(viewports.desktop);
}
