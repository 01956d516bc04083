import { describe, expect, test } from 'vitest';
import { WETH, ZRX } from '../test/fixtures';
import {
  initialOrdersQueryState,
  isSortableColumn,
  rememberCursors,
  toOrdersRequest,
  withFilters,
  withPage,
  withSort,
  withUnverified,
} from './ordersQueryState';

describe('orders query state', () => {
  test('starts at SPEC defaults: makerFee ascending, page 1, 5 rows, verified tokens only', () => {
    expect(toOrdersRequest(initialOrdersQueryState({}))).toEqual({
      page: 1,
      per_page: 5,
      sort: 'makerFee',
      direction: 'asc',
      verified: 'only',
    });
  });

  test('columns map to the relayer sort names: amounts by human value, prices, expiry', () => {
    expect(isSortableColumn('status')).toBe(false);
    expect(toOrdersRequest(withSort(initialOrdersQueryState({}), 'askingPrice', 'asc')).sort).toBe(
      'askingPrice',
    );
    expect(toOrdersRequest(withSort(initialOrdersQueryState({}), 'expires', 'asc')).sort).toBe(
      'expirationUnixTimestampSec',
    );
    const state = withSort(initialOrdersQueryState({}), 'takerTokenAmount', 'desc');
    expect(toOrdersRequest(state)).toMatchObject({ sort: 'takerAmount', direction: 'desc', page: 1 });
    expect(toOrdersRequest(withSort(state, 'makerToken', 'asc')).sort).toBe('makerToken');
  });

  test('clearing the sort returns to makerFee ascending', () => {
    const state = withSort(withSort(initialOrdersQueryState({}), 'takerFee', 'desc'), undefined, undefined);
    expect(toOrdersRequest(state)).toMatchObject({ sort: 'makerFee', direction: 'asc' });
  });

  test('uses the keyset cursor of the previous answer for the next page, a plain page otherwise', () => {
    let state = initialOrdersQueryState({});
    state = rememberCursors(state, { nextCursor: 'c2', prevCursor: null });
    state = withPage(state, 1, 5);
    expect(toOrdersRequest(state)).toEqual({
      page: 2,
      per_page: 5,
      sort: 'makerFee',
      direction: 'asc',
      verified: 'only',
      cursor: 'c2',
    });
    // Jumping past any known cursor falls back to the page number.
    expect(toOrdersRequest(withPage(state, 4, 5))).not.toHaveProperty('cursor');
    expect(toOrdersRequest(withPage(state, 4, 5)).page).toBe(5);
  });

  test('a new page size, sort or filter restarts at page 1 and forgets cursors', () => {
    let state = rememberCursors(initialOrdersQueryState({}), { nextCursor: 'c2', prevCursor: null });
    state = withPage(state, 1, 5);
    expect(toOrdersRequest(withPage(state, 1, 25))).toEqual({
      page: 1,
      per_page: 25,
      sort: 'makerFee',
      direction: 'asc',
      verified: 'only',
    });
    expect(withSort(state, 'takerFee', 'asc').cursors.size).toBe(0);
    const filtered = withFilters(state, ZRX.address, WETH.address);
    expect(toOrdersRequest(filtered)).toEqual({
      page: 1,
      per_page: 5,
      sort: 'makerFee',
      direction: 'asc',
      verified: 'only',
      makerTokenAddress: ZRX.address,
      takerTokenAddress: WETH.address,
    });
    expect(toOrdersRequest(withFilters(filtered, undefined, WETH.address))).not.toHaveProperty(
      'makerTokenAddress',
    );
  });

  test('showing unverified tokens asks for every token from page 1, without the cursors', () => {
    let state = rememberCursors(initialOrdersQueryState({}), { nextCursor: 'c2', prevCursor: null });
    state = withPage(state, 1, 5);
    const shown = withUnverified(state, true);
    expect(toOrdersRequest(shown)).toEqual({
      page: 1,
      per_page: 5,
      sort: 'makerFee',
      direction: 'asc',
      verified: 'all',
    });
    expect(shown.cursors.size).toBe(0);
    expect(toOrdersRequest(withUnverified(shown, false)).verified).toBe('only');
    expect(withUnverified(shown, true)).toBe(shown);
    expect(toOrdersRequest(initialOrdersQueryState({ includeUnverified: true })).verified).toBe('all');
  });

  test('unchanged filters or cursors keep the same state object', () => {
    const state = initialOrdersQueryState({ makerTokenAddress: ZRX.address });
    expect(withFilters(state, ZRX.address, undefined)).toBe(state);
    expect(rememberCursors(state, { nextCursor: null, prevCursor: null })).toBe(state);
  });
});
