import { expect, test } from 'vitest';
import { sampleTokenList } from '../../../test/helpers/sampleTokenList.js';
import { createTokenListValidator } from './createTokenListValidator.js';

const validate = createTokenListValidator();
const entry = {
  chainId: 1,
  address: '0x1985365e9f78359a9B6AD760e32412f4a445E862',
  name: 'Augur Reputation',
  symbol: 'REP',
  decimals: 18,
};

test('accepts a list in the token-lists format', () => {
  const checked = validate(sampleTokenList('Test List', [entry]));
  expect('list' in checked && checked.list.tokens[0]?.symbol).toBe('REP');
});

test('names what breaks the schema: a missing name, a bad address, decimals past 255', () => {
  const { name: _name, ...nameless } = sampleTokenList('Test List', [entry]);
  const checked = validate(nameless);
  expect(checked).toEqual({ problems: [expect.stringContaining("must have required property 'name'")] });
  const bad = validate(sampleTokenList('Test List', [{ ...entry, address: '0x12', decimals: 300 }]));
  expect('problems' in bad && bad.problems.join('\n')).toMatch(/\/tokens\/0\/address/);
  expect('problems' in bad && bad.problems.join('\n')).toMatch(/\/tokens\/0\/decimals/);
});

test('refuses a list name outside the format (it is shown beside the trust mark)', () => {
  expect(validate(sampleTokenList('<script>', [entry]))).toHaveProperty('problems');
});
