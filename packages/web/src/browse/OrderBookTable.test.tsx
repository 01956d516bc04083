import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { orderPage, orderRecord, RATES_RESPONSE, TOKENS, WETH, ZRX } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { installTestNetwork } from '../test/testNetwork';
import { OrdersTable } from './OrdersTable';

const COLUMNS = [
  'Market Price (USD)',
  'Asking Price (USD)',
  'Maker Token',
  'Maker Fee',
  'Maker Amount',
  'Taker Token',
  'Taker Fee',
  'Taker Amount',
  'Expires',
  'Fillable',
  'Actions',
];

async function renderBook() {
  const orders = [
    orderRecord({ makerTokenAddress: ZRX.address }),
    orderRecord({ makerTokenAddress: WETH.address }),
  ];
  const relayer = installTestNetwork({
    'GET /token': () => ({ body: TOKENS }),
    'GET /rates': () => ({ body: RATES_RESPONSE }),
    'GET /order': () => ({ body: orderPage(orders) }),
  });
  await renderWithProviders(<OrdersTable onTake={vi.fn()} onCancel={vi.fn()} />);
  const table = await screen.findByRole('table', { name: 'Orders' });
  await screen.findAllByRole('button', { name: 'Take' });
  const requests = () =>
    relayer.requests
      .filter((r) => r.url.pathname === '/order')
      .map((r) => Object.fromEntries(r.url.searchParams));
  return { table, orders, requests };
}

describe('the book as a table', () => {
  test('the header row is one Tab stop (the sorted column); the arrow keys move between its buttons', async () => {
    const user = userEvent.setup();
    const { table } = await renderBook();
    const buttons = within(table)
      .getAllByRole('columnheader')
      .flatMap((header) => within(header).queryAllByRole('button'));
    const stops = buttons.filter((button) => button.tabIndex === 0);
    expect(stops.map((button) => button.textContent)).toEqual(['Maker Fee']);
    const makerFee = buttons.findIndex((button) => button.textContent === 'Maker Fee');
    stops[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[makerFee + 1]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(buttons[makerFee - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons.at(-1)).toHaveFocus();
  });

  test('is a real table with a column header for every column, the actions included', async () => {
    const { table } = await renderBook();
    expect(table.tagName).toBe('TABLE');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(COLUMNS);
    for (const header of headers) {
      expect(header.tagName).toBe('TH');
      expect(header).toHaveAttribute('scope', 'col');
    }
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(within(row).getAllByRole('cell')).toHaveLength(COLUMNS.length);
  });

  test('sorts by a header button that says the sort with aria-sort', async () => {
    const user = userEvent.setup();
    const { table } = await renderBook();
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Maker Fee')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Taker Fee')).not.toHaveAttribute('aria-sort');
    // Fillable and the actions do not sort: no button.
    expect(within(header('Fillable')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(header('Actions')).queryByRole('button')).not.toBeInTheDocument();
    const button = within(header('Taker Fee')).getByRole('button', { name: 'Taker Fee' });
    expect(button.tagName).toBe('BUTTON');
    await user.click(button);
    expect(await screen.findByRole('columnheader', { name: 'Taker Fee' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(header('Maker Fee')).not.toHaveAttribute('aria-sort');
    await user.click(within(header('Taker Fee')).getByRole('button'));
    expect(await screen.findByRole('columnheader', { name: 'Taker Fee' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('names each row’s link by its order, uniquely', async () => {
    const { table, orders } = await renderBook();
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(
      orders.map((order) => `Order ${order.orderHash.slice(0, 6)}...${order.orderHash.slice(-4)}`),
    );
    expect(new Set(links.map((link) => link.getAttribute('aria-label'))).size).toBe(orders.length);
  });

  test('changes the page size on the server from a menu whose options exist only while it is open', async () => {
    const user = userEvent.setup();
    const { requests } = await renderBook();
    // Closed, it lists no options (a native select's would sit beside the token pickers' own).
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ per_page: '10', page: '1' }));
  });
});
