import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createFakeRelayer } from '../test/fakeRelayer';
import { renderWithProviders } from '../test/renderWithProviders';
import { kovanVariant, mainVariant, testWebConfig } from '../test/testConfig';
import { textsOf } from '../test/textsOf';
import { AppShell } from './AppShell';

let relayer: ReturnType<typeof createFakeRelayer>;
beforeEach(() => {
  relayer = createFakeRelayer();
  vi.stubGlobal('fetch', relayer.fetch);
});

describe('AppShell', () => {
  test('shows the title and toggles the navigation drawer from the toolbar icon', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AppShell />);
    // The site's name is no heading: each page's own h1 is.
    expect(screen.getByRole('banner')).toHaveTextContent('a Free and Open 0x Relayer');
    expect(screen.queryByRole('heading', { name: 'a Free and Open 0x Relayer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Frontend source' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Backend source' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Kovan' })).toHaveAttribute('href', kovanVariant.siteUrl);

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
  });

  test('with a wallet connected, the drawer leads to Markets, My orders and My trades first', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AppShell />, {
      wallet: { address: '0x5409ED021D9299bf6814279A6A1411A7e866A631' },
    });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.slice(0, 3).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Markets', '/markets'],
      ['My orders', '/my/orders'],
      ['My trades', '/my/trades'],
    ]);
  });

  test('offers Mainnet from the Kovan site', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AppShell />, { variant: kovanVariant });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Mainnet' })).toHaveAttribute('href', mainVariant.siteUrl);
  });

  test('hides the network switch when the other variant is not configured', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AppShell />, { config: testWebConfig({ variants: [mainVariant] }) });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(textsOf(nav, 'link')).toEqual(['Markets', 'About', 'Frontend source', 'Backend source']);
  });

  test('labels the network button with the network name: warning colour on the main network', async () => {
    await renderWithProviders(<AppShell />);
    const button = screen.getByRole('button', { name: 'Mainnet' });
    expect(button).toHaveClass('MuiButton-colorWarning');
  });

  test('labels the network button with the network name: primary colour on the test network', async () => {
    await renderWithProviders(<AppShell />, { variant: kovanVariant });
    const button = screen.getByRole('button', { name: 'Kovan' });
    expect(button).toHaveClass('MuiButton-colorPrimary');
    expect(button).not.toHaveClass('MuiButton-colorWarning');
  });

  test("reports a Kovan pageview to the relayer's Kovan network, so it counts as Kovan's", async () => {
    await renderWithProviders(<AppShell />, {
      variant: kovanVariant,
      config: testWebConfig({ analytics: { enabled: true } }),
    });
    await waitFor(() => expect(relayer.count('POST', '/kovan/analytics/pageview')).toBe(1));
    expect(relayer.count('POST', '/analytics/pageview')).toBe(0);
    const request = relayer.requests.find((r) => r.url.pathname === '/kovan/analytics/pageview');
    expect(request?.url.origin).toBe('https://api.relayer.test');
    expect(request?.body).toEqual({ path: '/' });
  });

  test('reports nothing when analytics is switched off', async () => {
    await renderWithProviders(<AppShell />);
    await waitFor(() => expect(relayer.count('GET', '/rates')).toBe(1));
    expect(relayer.count('POST', '/analytics/pageview')).toBe(0);
  });

  test('shows the connected account shortened to 8 characters', async () => {
    await renderWithProviders(<AppShell />, {
      wallet: { address: '0x5409ED021D9299bf6814279A6A1411A7e866A631' },
    });
    expect(await screen.findByRole('button', { name: '0x5409ed…' })).toBeInTheDocument();
  });
});
