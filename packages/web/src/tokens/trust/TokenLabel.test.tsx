import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FAKE_WETH, WETH } from '../../test/fixtures';
import { TokenLabel } from './TokenLabel';

const labelOf = (address: string) => document.querySelector(`[data-token="${address}"]`) as HTMLElement;

describe('TokenLabel', () => {
  test('a verified token reads as its symbol, with no mark', () => {
    render(<TokenLabel address={WETH.address} token={WETH} />);
    const label = labelOf(WETH.address);
    expect(label).toHaveTextContent(/^WETH$/);
    expect(within(label).queryByText('Unverified')).not.toBeInTheDocument();
  });

  test('an unverified token carries a visible mark and its short address (head and tail)', () => {
    render(<TokenLabel address={FAKE_WETH.address} token={FAKE_WETH} show="name" />);
    const label = labelOf(FAKE_WETH.address);
    expect(within(label).getByText('Wrapped Ether - WETH')).toBeInTheDocument();
    expect(within(label).getByText('Unverified')).toBeInTheDocument();
    expect(within(label).getByText('0x000000…a4e0')).toBeInTheDocument();
  });

  test('a token the relayer does not list shows its address and says so', () => {
    const address = `0x${'9'.repeat(40)}`;
    render(<TokenLabel address={address} token={undefined} />);
    expect(within(labelOf(address)).getByText('Unlisted')).toBeInTheDocument();
    expect(within(labelOf(address)).getByText('0x999999…9999')).toBeInTheDocument();
  });

  test('attacker-chosen text renders as text: markup stays inert, hidden characters show, length is clamped', () => {
    const name = `<img src=x onerror=alert(1)>${'A'.repeat(30)}`;
    const token = { ...FAKE_WETH, name, symbol: '\u202EHTEW' };
    render(<TokenLabel address={token.address} token={token} show="name" />);
    const label = labelOf(token.address);
    expect(label.querySelector('img')).toBeNull();
    expect(within(label).getByText(`${name.slice(0, 39)}… - ⟨U+202E⟩HTEW`)).toBeInTheDocument();
    // Right-to-left text cannot reorder what follows it.
    expect(label.querySelector('bdi')).not.toBeNull();
    expect(screen.queryByText('WETH')).not.toBeInTheDocument();
  });
});
