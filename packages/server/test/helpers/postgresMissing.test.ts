import { expect, test, vi } from 'vitest';
import { postgresMissing } from './postgresMissing.js';

test('under CI a missing PostgreSQL fails the file instead of skipping it', () => {
  expect(() => postgresMissing('the store tests', { CI: 'true' }, 'no binaries')).toThrow(
    /the store tests need PostgreSQL.*no binaries/,
  );
});

test('outside CI it is reported loudly and named, for the caller to skip', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    expect(postgresMissing('the store tests', {}, 'no binaries')).toBe('no binaries');
    expect(warn.mock.calls.join('')).toContain('the store tests SKIPPED: no binaries');
  } finally {
    warn.mockRestore();
  }
});

test('with PostgreSQL at hand there is nothing to skip, under CI or not', () => {
  expect(postgresMissing('the store tests', { CI: 'true' }, undefined)).toBeUndefined();
  expect(postgresMissing('the store tests', {}, undefined)).toBeUndefined();
});
