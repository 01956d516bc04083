import { describe, expect, test } from 'vitest';
import { testVariants } from '../test/testConfig';
import { selectVariant } from './selectVariant';

describe('selectVariant', () => {
  test('picks the variant that lists the page host', () => {
    expect(selectVariant(testVariants, 'kovan.relayer.test').key).toBe('kovan');
    expect(selectVariant(testVariants, 'relayer.test').key).toBe('main');
  });

  test('matches host names case-insensitively', () => {
    expect(selectVariant(testVariants, 'KOVAN.Relayer.Test').key).toBe('kovan');
  });

  test('falls back to the main variant for an unlisted host', () => {
    expect(selectVariant(testVariants, 'preview.example.org').key).toBe('main');
  });

  test('falls back to the only variant when there is no main one', () => {
    const kovanOnly = testVariants.filter((v) => v.key === 'kovan');
    expect(selectVariant(kovanOnly, 'elsewhere').key).toBe('kovan');
  });
});
