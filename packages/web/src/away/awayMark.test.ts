import { beforeEach, describe, expect, test } from 'vitest';
import { MAKER } from '../test/fixtures';
import { type AwayMark, awayMarkKey, isAfter, readAwayMark, writeAwayMark } from './awayMark';

const mark: AwayMark = {
  lastTrade: { blockNumber: 7, logIndex: 1 },
  cancelled: [`0x${'a'.repeat(64)}`],
  cancelledFloor: 0,
};

beforeEach(() => window.localStorage.clear());

describe('awayMark', () => {
  test('one mark per network and account, whatever the address case', () => {
    expect(awayMarkKey('main', MAKER.toUpperCase())).toBe(`relayer.away.v1.main.${MAKER.toLowerCase()}`);
    expect(awayMarkKey('kovan', MAKER)).not.toBe(awayMarkKey('main', MAKER));
  });

  test('reads back what it wrote; nothing stored is a first visit', () => {
    const key = awayMarkKey('main', MAKER);
    expect(readAwayMark(window.localStorage, key)).toBeUndefined();
    writeAwayMark(window.localStorage, key, mark);
    expect(readAwayMark(window.localStorage, key)).toEqual(mark);
  });

  test('anything else stored under the key (not JSON, another shape) counts as no mark', () => {
    const key = awayMarkKey('main', MAKER);
    for (const raw of ['{', '42', JSON.stringify({ ...mark, cancelled: ['<script>'] })]) {
      window.localStorage.setItem(key, raw);
      expect(readAwayMark(window.localStorage, key)).toBeUndefined();
    }
  });

  test('a storage that refuses writes loses the mark without throwing', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => writeAwayMark(full, 'k', mark)).not.toThrow();
  });

  test('fills are ordered by block, then log index; any fill comes after none', () => {
    expect(isAfter({ blockNumber: 5, logIndex: 0 }, null)).toBe(true);
    expect(isAfter({ blockNumber: 5, logIndex: 2 }, { blockNumber: 5, logIndex: 1 })).toBe(true);
    expect(isAfter({ blockNumber: 5, logIndex: 1 }, { blockNumber: 5, logIndex: 1 })).toBe(false);
    expect(isAfter({ blockNumber: 6, logIndex: 0 }, { blockNumber: 5, logIndex: 9 })).toBe(true);
    expect(isAfter({ blockNumber: 4, logIndex: 9 }, { blockNumber: 5, logIndex: 0 })).toBe(false);
  });
});
