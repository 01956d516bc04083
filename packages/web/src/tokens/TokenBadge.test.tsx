import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { placeholderImages } from './placeholderBadge';
import { TokenBadge } from './TokenBadge';

test('shows the coin image for a catalogued symbol', async () => {
  render(<TokenBadge symbol="ZRX" address="0x1d7022f5b17d2f8b695918fb48fa1089c9f85401" />);
  // The first use loads the catalogue chunk (slow under the test transformer: one module per icon).
  const badge = await screen.findByRole('img', { name: 'ZRX badge' }, { timeout: 15_000 });
  expect(badge).toHaveAttribute('src', expect.stringMatching(/zrx\.svg/));
});

test('shows one of the placeholder emoji images for an unknown symbol', async () => {
  render(<TokenBadge symbol="NOPE" address="0x0000000000000000000000000000000000000123" />);
  const badge = await screen.findByRole('img', { name: 'NOPE badge' });
  expect(placeholderImages).toContain(badge.getAttribute('src'));
});
