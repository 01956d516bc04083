import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { ActionButton } from './ActionButton';

const ACCOUNT = '0x5409ED021D9299bf6814279A6A1411A7e866A631';

describe('ActionButton', () => {
  test('writes why it is disabled beside it, as its description, with no hover needed', async () => {
    await renderWithProviders(
      <ActionButton blockedReason="Choose both a maker and a taker token first">Make Order</ActionButton>,
      { wallet: { address: ACCOUNT } },
    );
    // The wallet's client arrives a moment after the first render; then only the action's own reason is left.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Make Order' })).toHaveAccessibleDescription(
        'Choose both a maker and a taker token first',
      ),
    );
    expect(screen.getByRole('button', { name: 'Make Order' })).toBeDisabled();
    expect(screen.getByText('Choose both a maker and a taker token first')).toBeVisible();
  });

  test("without a wallet, the wallet's short reason is written beside it, in a box of one size", async () => {
    await renderWithProviders(<ActionButton>Take</ActionButton>);
    const button = screen.getByRole('button', { name: 'Take' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(button).toHaveAccessibleDescription('No wallet'));
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason).toBeVisible();
    // The longest short reason keeps the box's size (CSS generated content, not text a reader finds).
    expect(reason?.querySelector('[data-reserve]')).toHaveAttribute('data-reserve', 'Waiting for wallet…');
    expect(reason).toHaveTextContent(/^No wallet$/);
  });

  test('an enabled action says nothing more', async () => {
    await renderWithProviders(<ActionButton>Take</ActionButton>, { wallet: { address: ACCOUNT } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Take' })).not.toHaveAttribute('aria-describedby');
    expect(document.querySelector('[data-disabled-reason]')).toBeNull();
  });
});
