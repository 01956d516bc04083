import { describe, expect, test } from 'vitest';
import { isAllowedHost } from './isAllowedHost.js';

describe('isAllowedHost', () => {
  const allowed = ['hooks.example.com', '*.makers.example'];
  test.each([
    ['hooks.example.com', true],
    ['HOOKS.example.com', true],
    ['hooks.example.com.', true],
    ['a.makers.example', true],
    ['a.b.makers.example', true],
    ['makers.example', false],
    ['evilmakers.example', false],
    ['hooks.example.com.evil.net', false],
    ['example.com', false],
    ['127.0.0.1', false],
  ])('%s: %s', (host, expected) => {
    expect(isAllowedHost(host, allowed)).toBe(expected);
  });
});
