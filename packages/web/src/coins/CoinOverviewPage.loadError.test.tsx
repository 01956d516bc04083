import { screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { createFakeRelayer } from '../test/fakeRelayer';
import { renderWithProviders } from '../test/renderWithProviders';
import { CoinOverviewPage } from './CoinOverviewPage';

// The catalogue chunk fails to load (a deploy replaced it, the connection dropped).
vi.mock('../tokens/coinCatalogueEntries', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  vi.stubGlobal('fetch', createFakeRelayer().fetch);
});

test('says the catalogue could not be loaded rather than that the coin does not exist', async () => {
  await renderWithProviders(<CoinOverviewPage />);
  expect(await screen.findByText(/The coin catalogue could not be loaded/)).toBeInTheDocument();
  expect(screen.queryByText(/Coin not found/)).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the order book' })).toHaveAttribute('href', '/');
});
