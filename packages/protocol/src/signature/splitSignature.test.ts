import { describe, expect, test } from 'vitest';
import { expectRelayerError } from '../../test/helpers';
import { vectors } from '../vectors/vectors';
import { splitSignature } from './splitSignature';

const r = `${'11'.repeat(32)}`;
const s = `${'22'.repeat(32)}`;

describe('splitSignature', () => {
  test.each(vectors.signatureParsing)(
    'parses the 0x.js $layout vector',
    ({ layout, signature, ecSignature }) => {
      expect(splitSignature(signature, layout)).toEqual(ecSignature);
    },
  );

  test('lifts v 0 and 1 to 27 and 28', () => {
    expect(splitSignature(`0x${r}${s}00`, 'rsv')).toEqual({ v: 27, r: `0x${r}`, s: `0x${s}` });
    expect(splitSignature(`0x01${r}${s}`, 'vrs')).toEqual({ v: 28, r: `0x${r}`, s: `0x${s}` });
  });

  test('leaves other v values for the caller to judge', () => {
    expect(splitSignature(`0x${r}${s}25`, 'rsv').v).toBe(37);
    expect(splitSignature(`0x${r}${s}1a`, 'rsv').v).toBe(53);
  });

  test('lower-cases r and s', () => {
    expect(splitSignature(`0x${r}${'AB'.repeat(32)}1c`, 'rsv')).toEqual({
      v: 28,
      r: `0x${r}`,
      s: `0x${'ab'.repeat(32)}`,
    });
  });

  test.each([
    ['64 bytes', `0x${r}${s}`],
    ['66 bytes', `0x${r}${s}1b1b`],
    ['no prefix', `${r}${s}1b`],
    ['non-hex', `0x${r}${s}zz`],
  ])('refuses %s with INVALID_SIGNATURE', (_, signature) => {
    expectRelayerError(() => splitSignature(signature as `0x${string}`, 'rsv'), 'INVALID_SIGNATURE');
  });
});
