import { ETHER_DECIMALS, formatShortAmount } from '../format/amounts';
import { fixedPlaces } from './exactPrice';

export interface NetworkCost {
  /** gas × gas price, in wei. */
  wei: bigint;
  /** The cost in ETH, rounded to 6 places ("<0.000001" when tiny). */
  eth: string;
  /** The cost in USD with cents ("<0.01" when less), when a live ETH price is known. */
  usd?: string;
}

/**
 * What the transaction will cost the taker on the network: the relayer's gas estimate times the node's
 * gas price, in ETH, and in USD when `ethUsd` (a live price, an exact decimal string) is given.
 */
export function networkCost({
  gas,
  gasPrice,
  ethUsd,
}: {
  gas: bigint;
  gasPrice: bigint;
  ethUsd?: string;
}): NetworkCost {
  const wei = gas * gasPrice;
  const eth = formatShortAmount(wei, ETHER_DECIMALS);
  const price = ethUsd === undefined ? undefined : /^(\d+)(?:\.(\d+))?$/.exec(ethUsd);
  if (!price) return { wei, eth };
  const fraction = price[2] ?? '';
  const usd = fixedPlaces(
    {
      numerator: wei * BigInt(`${price[1]}${fraction}`),
      denominator: 10n ** BigInt(ETHER_DECIMALS + fraction.length),
    },
    2,
  );
  const cents = usd.includes('.') ? usd.padEnd(usd.indexOf('.') + 3, '0') : `${usd}.00`;
  // A cost that rounds to no cents is still a cost.
  return { wei, eth, usd: cents === '0.00' && wei > 0n ? '<0.01' : cents };
}
