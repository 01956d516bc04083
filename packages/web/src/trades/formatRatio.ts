/**
 * `numerator / denominator` (base units of two tokens) as a human price: each side's decimals applied,
 * rounded down to `places` decimals, trailing zeros trimmed. Exact: bigint all the way to the string.
 */
export function formatRatio(
  numerator: bigint,
  numeratorDecimals: number,
  denominator: bigint,
  denominatorDecimals: number,
  places = 8,
): string {
  if (denominator === 0n) return '–';
  const scaled =
    (numerator * 10n ** BigInt(denominatorDecimals + places)) /
    (denominator * 10n ** BigInt(numeratorDecimals));
  const unit = 10n ** BigInt(places);
  const whole = scaled / unit;
  const fraction = (scaled % unit).toString().padStart(places, '0').replace(/0+$/, '');
  if (whole === 0n && fraction === '' && numerator > 0n) return `<0.${'1'.padStart(places, '0')}`;
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
