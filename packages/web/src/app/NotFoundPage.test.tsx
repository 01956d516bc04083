import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { installEmptyBook } from '../test/installEmptyBook';
import { renderWithProviders } from '../test/renderWithProviders';
import { AppRoutes } from './AppRoutes';

beforeEach(() => {
  installEmptyBook();
});

test('an unknown path says the page does not exist and links back to the order book', async () => {
  await renderWithProviders(<AppRoutes />, { path: '/markets/zrx' });
  expect(
    await screen.findByText(/Page not found: this app has no page at \/markets\/zrx/),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Back to the order book' }));
  expect(await screen.findByRole('button', { name: 'Add New Token' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByText(/Page not found: /)).not.toBeInTheDocument();
});
