import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { AppRoutes } from '../app/AppRoutes';
import { installEmptyBook } from '../test/installEmptyBook';
import { renderWithProviders } from '../test/renderWithProviders';

beforeEach(() => {
  installEmptyBook();
});

test('each route names itself in the title; an in-app navigation, not the first load, moves focus to its h1', async () => {
  const user = userEvent.setup();
  await renderWithProviders(<AppRoutes />, { path: '/no/such/page' });
  const notFound = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
  await waitFor(() => expect(document.title).toBe('Page not found - a Free and Open 0x Relayer'));
  expect(notFound).not.toHaveFocus();

  await user.click(screen.getByRole('link', { name: 'Back to the order book' }));
  const home = await screen.findByRole('heading', { level: 1, name: 'Order book' }, { timeout: 5000 });
  await waitFor(() => expect(document.title).toBe('Order book - a Free and Open 0x Relayer'));
  await waitFor(() => expect(home).toHaveFocus());
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('the first load keeps focus where the browser put it', async () => {
  await renderWithProviders(<AppRoutes />, { path: '/' });
  const home = await screen.findByRole('heading', { level: 1, name: 'Order book' }, { timeout: 5000 });
  await waitFor(() => expect(document.title).toBe('Order book - a Free and Open 0x Relayer'));
  expect(home).not.toHaveFocus();
});
