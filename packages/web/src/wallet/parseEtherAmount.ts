import { RelayerError, toBaseUnits } from '@relayer/protocol';

/** SPEC §9: ether to wei is 10^18. */
export const ETHER_DECIMALS = 18;

export type ParsedAmount = { ok: true; wei: bigint } | { ok: false; error: string };

/**
 * An ether amount typed by the user to wei, exactly (bigint decimal shifting, never floats), checked
 * against what the user holds.
 */
export function parseEtherAmount(text: string, available: bigint | undefined): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'This field is required' };
  let wei: bigint;
  try {
    wei = toBaseUnits(trimmed, ETHER_DECIMALS);
  } catch (error) {
    if (error instanceof RelayerError && error.code === 'VALUE_OUT_OF_RANGE')
      return { ok: false, error: 'Amount is too large' };
    return { ok: false, error: 'Enter an amount such as 0.5 (at most 18 decimals)' };
  }
  if (wei === 0n) return { ok: false, error: "Amount can't be 0" };
  if (available !== undefined && wei > available) return { ok: false, error: 'More than your balance' };
  return { ok: true, wei };
}
