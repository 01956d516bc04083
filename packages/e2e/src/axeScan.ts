import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0-2.2 A and AA, plus axe's best practices (landmarks, one h1, unique names). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Moderate and minor rules a user of a screen reader or a keyboard would hit: landmarks, lists,
 * headings and names fail the scan like serious ones.
 */
const USER_FACING_MODERATE = new Set([
  'region',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-banner-is-top-level',
  'landmark-main-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-contentinfo-is-top-level',
  'page-has-heading-one',
  'heading-order',
  'empty-heading',
  'list',
  'listitem',
  'definition-list',
  'dlitem',
  'aria-dialog-name',
  'aria-text',
  'button-name',
  'link-name',
  'label',
  'select-name',
  'input-button-name',
  'document-title',
  'skip-link',
  'tabindex',
  'scrollable-region-focusable',
]);

/** One line per failing node: the state, the rule, its impact, the node and what is wrong with it. */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const lines: string[] = [];
  for (const violation of violations) {
    const blocking =
      violation.impact === 'serious' ||
      violation.impact === 'critical' ||
      USER_FACING_MODERATE.has(violation.id);
    if (!blocking) continue;
    for (const node of violation.nodes) {
      lines.push(
        `${state}: ${violation.id} (${violation.impact}) ${violation.help}\n` +
          `  at ${node.target.join(' ')}: ${node.html.slice(0, 160)}\n` +
          `  ${node.failureSummary?.replaceAll('\n', '\n  ')}`,
      );
    }
  }
  return lines;
}
