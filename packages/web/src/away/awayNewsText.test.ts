import { describe, expect, test } from 'vitest';
import { awayNewsText, hasAwayNews } from './awayNewsText';

const news = (filledOrders: number, cancelledOrders: number, moreFills = false) => ({
  filledOrders,
  cancelledOrders,
  moreFills,
});

describe('awayNewsText', () => {
  test('names fills and cancels in one sentence, each linking to its page', () => {
    expect(awayNewsText(news(2, 1))).toEqual({
      text: '2 orders filled and 1 cancelled while you were away',
      links: [
        { to: '/my/trades', label: 'My trades' },
        { to: '/my/orders', label: 'My orders' },
      ],
    });
  });

  test('one kind alone, singular and plural', () => {
    expect(awayNewsText(news(1, 0)).text).toBe('1 order filled while you were away');
    expect(awayNewsText(news(1, 0)).links).toEqual([{ to: '/my/trades', label: 'My trades' }]);
    expect(awayNewsText(news(0, 3)).text).toBe('3 orders cancelled while you were away');
    expect(awayNewsText(news(0, 1)).links).toEqual([{ to: '/my/orders', label: 'My orders' }]);
  });

  test('says "at least" when not every fill was read', () => {
    expect(awayNewsText(news(500, 0, true)).text).toBe('At least 500 orders filled while you were away');
  });

  test('nothing happened: no news', () => {
    expect(hasAwayNews(news(0, 0))).toBe(false);
    expect(hasAwayNews(news(0, 1))).toBe(true);
    expect(hasAwayNews(news(1, 0))).toBe(true);
  });
});
