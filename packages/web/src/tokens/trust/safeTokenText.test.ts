import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { safeTokenText } from './safeTokenText';

describe('safeTokenText', () => {
  test('spells out the characters of the lookalikes seen in the wild: zero-width space, right-to-left override', () => {
    expect(safeTokenText('WETH\u200B', 20)).toEqual({ text: 'WETH⟨U+200B⟩', hidden: true, clamped: false });
    expect(safeTokenText('\u202EHTEW', 20).text).toBe('⟨U+202E⟩HTEW');
    expect(safeTokenText('W\u2066E\u2069TH\uFEFF', 40).text).toBe('W⟨U+2066⟩E⟨U+2069⟩TH⟨U+FEFF⟩');
    expect(safeTokenText('ZRX\u00A0', 20).text).toBe('ZRX⟨U+00A0⟩');
    expect(safeTokenText('a\nb', 20).text).toBe('a⟨U+000A⟩b');
  });

  test('leaves ordinary text alone, plain spaces and non-Latin letters included', () => {
    expect(safeTokenText('Ether Token', 40)).toEqual({ text: 'Ether Token', hidden: false, clamped: false });
    // Greek capital epsilon: visible, and told apart by the token's address and trust mark, not here.
    expect(safeTokenText('WΕTH', 12).text).toBe('WΕTH');
  });

  test('clamps long text by code points with an ellipsis, never splitting a surrogate pair', () => {
    expect(safeTokenText('ABCDEFGHIJKLMNOP', 12)).toEqual({
      text: 'ABCDEFGHIJK…',
      hidden: false,
      clamped: true,
    });
    expect(safeTokenText('😀😀😀😀', 3).text).toBe('😀😀…');
  });

  test('whatever the input, the output has no invisible or direction-changing character and respects the length (property, seeded)', () => {
    const seed = Number(process.env.FC_SEED ?? 17_03_2026);
    const dangerous = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]|(?! )\p{Zs}/u;
    const property = fc.property(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.integer({ min: 2, max: 80 }),
      (raw, max) => {
        const { text } = safeTokenText(raw, max);
        return !dangerous.test(text) && Array.from(text).length <= max;
      },
    );
    const outcome = fc.check(property, { seed, numRuns: 500 });
    if (outcome.failed)
      throw new Error(`seed ${seed}, shrunk counterexample ${fc.stringify(outcome.counterexample)}`);
  });
});
