import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { NotificationArea } from '../notifications/NotificationArea';
import { createFakeRelayer, testTokens } from '../test/fakeRelayer';
import { renderWithProviders } from '../test/renderWithProviders';
import { AddTokenDialog } from './AddTokenDialog';
import { readTokenMetadata } from './readTokenMetadata';

// The chain read is the boundary: everything above it (React, the form, the API client) is real.
vi.mock('./readTokenMetadata', () => ({ readTokenMetadata: vi.fn() }));
const readMetadata = vi.mocked(readTokenMetadata);

const address = '0xb69e673309512a9d726f87304c6984054f87a93b';
let relayer: ReturnType<typeof createFakeRelayer>;
let posted: unknown[];

beforeEach(() => {
  posted = [];
  readMetadata.mockReset();
  readMetadata.mockResolvedValue({});
  relayer = createFakeRelayer({
    'POST /token/new': ({ body }) => {
      posted.push(body);
      return { status: 201, body: { ...(body as object), verified: false } };
    },
  });
  vi.stubGlobal('fetch', relayer.fetch);
});

async function openDialog() {
  const onClose = vi.fn();
  const view = await renderWithProviders(
    <>
      <AddTokenDialog open onClose={onClose} />
      <NotificationArea />
    </>,
  );
  return { onClose, view, user: userEvent.setup() };
}

describe('AddTokenDialog', () => {
  test('says every empty field is required and posts nothing', async () => {
    const { user, onClose } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    for (const label of ['Address', 'Name', 'Symbol', 'Decimals']) {
      expect(
        screen.getByRole(label === 'Decimals' ? 'spinbutton' : 'textbox', { name: label }),
      ).toBeInvalid();
    }
    expect(posted).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('fills name, symbol and decimals from the token contract once the address is valid', async () => {
    readMetadata.mockResolvedValue({ name: 'Melon Token', symbol: 'MLN', decimals: 18 });
    const { user } = await openDialog();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), address.slice(0, 20));
    expect(readMetadata).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), address.slice(20));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Melon Token'));
    expect(screen.getByRole('textbox', { name: 'Symbol' })).toHaveValue('MLN');
    expect(screen.getByRole('spinbutton', { name: 'Decimals' })).toHaveValue(18);
    expect(screen.getByText('Filled in from the token contract')).toBeInTheDocument();
    expect(readMetadata.mock.calls.at(-1)?.[1]).toBe(address);
  });

  test('says so when there is no token at the address', async () => {
    const { user } = await openDialog();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), address);
    expect(
      await screen.findByText('No ERC20 token found at this address on this network'),
    ).toBeInTheDocument();
  });

  test('posts the token, says Token Submitted!, refreshes the list and closes', async () => {
    readMetadata.mockResolvedValue({ name: 'Melon Token', symbol: 'MLN', decimals: 18 });
    const { user, onClose, view } = await openDialog();
    view.queryClient.setQueryData(['tokens', 'main'], testTokens);
    await user.type(
      screen.getByRole('textbox', { name: 'Address' }),
      address.toUpperCase().replace('0X', '0x'),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Melon Token'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Token Submitted!')).toBeInTheDocument();
    expect(posted).toEqual([{ address, name: 'Melon Token', symbol: 'MLN', decimals: 18 }]);
    expect(onClose).toHaveBeenCalled();
    expect(view.queryClient.getQueryState(['tokens', 'main'])?.isInvalidated).toBe(true);
  });

  test("reports a refusal with the relayer's reason and stays open", async () => {
    relayer = createFakeRelayer({
      'POST /token/new': () => ({
        status: 409,
        body: { code: 100, reason: 'duplicate', error: 'TOKEN_ALREADY_EXISTS' },
      }),
    });
    vi.stubGlobal('fetch', relayer.fetch);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onClose } = await openDialog();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), address);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Melon Token');
    await user.type(screen.getByRole('textbox', { name: 'Symbol' }), 'MLN');
    await user.type(screen.getByRole('spinbutton', { name: 'Decimals' }), '18');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('error adding token, check log for details: This token is already listed'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalled();
  });

  test('resets the form each time it opens', async () => {
    const { user, view, onClose } = await openDialog();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Leftover');
    view.rerender(<AddTokenDialog open={false} onClose={onClose} />);
    view.rerender(<AddTokenDialog open onClose={onClose} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(''));
  });
});
