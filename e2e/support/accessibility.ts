import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * No axe-core violation on the page as it stands, at the desktop width and on a phone, with a full-page picture of
 * each kept in the test's output folder (`<name>-1280.png`, `<name>-390.png`).
 */
export async function accessibleAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // axe.run in the page itself: the default mode injects axe twice and opens a blank page of the context for
    // each analysis (its runPartial / finishRun serve cross-origin frames, which the portal has none of), which
    // on a loaded machine cost a journey with four analyses its whole 30 s.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${name} at ${width} px`).toEqual([]);
    // Nothing wider than the phone: a table scrolls inside its own region, the page itself never sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
