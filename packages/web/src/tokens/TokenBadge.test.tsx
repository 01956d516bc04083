import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { FAKE_WETH, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { placeholderImages } from './placeholderBadge';
import { TokenBadge } from './TokenBadge';

test('shows the coin image of a token the registry verified', async () => {
  await renderWithProviders(<TokenBadge token={ZRX} />);
  // The first use loads the catalogue chunk (slow under the test transformer: one module per icon).
  const badge = await screen.findByRole('img', { name: 'ZRX badge' }, { timeout: 15_000 });
  expect(badge).toHaveAttribute('src', expect.stringMatching(/zrx\.svg/));
});

test('a known coin contract wears its coin’s image whatever it calls itself (WETH wears ether’s)', async () => {
  await renderWithProviders(<TokenBadge token={{ ...WETH, symbol: 'NOTWETH', verified: false }} />, {
    variant: { ...(await import('../test/testConfig')).mainVariant, chainId: 50 },
  });
  const badge = await screen.findByRole('img', { name: 'NOTWETH badge' }, { timeout: 15_000 });
  expect(badge).toHaveAttribute('src', expect.stringMatching(/eth\.svg/));
});

test('an unverified lookalike never wears the real coin’s image: a placeholder emoji instead', async () => {
  await renderWithProviders(<TokenBadge token={FAKE_WETH} />);
  const badge = await screen.findByRole('img', { name: 'WETH badge' });
  expect(placeholderImages).toContain(badge.getAttribute('src'));
  expect(badge.closest('[data-badge]')).toHaveAttribute('data-badge', 'placeholder');
});
