import { ETHER_DECIMALS, formatExactAmount } from '../format/amounts';

/** Significant digits of an ETH cost: a figure to compare, not an amount to pay exactly. */
const COST_DIGITS = 3;

export interface TxCostParts {
  /** "~0.000423 ETH" */
  eth: string;
  /** "$1.26" or "< $0.01"; undefined without a live ETH price. */
  usd?: string;
  /** "98,000 gas" */
  gas: string;
  /** "Network cost: ~0.000423 ETH ($1.26), 98,000 gas" */
  text: string;
}

export interface TxCostInput {
  /** Expected fee in wei: the gas estimate times the expected price per gas. */
  costWei: bigint;
  gas: bigint;
  /** USD per ETH as an exact decimal string, only when the price is live. */
  ethUsd?: string;
}

/** The network cost of a transaction in words, from exact integers (no float touches the wei). */
export function formatTxCost({ costWei, gas, ethUsd }: TxCostInput): TxCostParts {
  const eth = `~${formatExactAmount(roundSignificant(costWei, COST_DIGITS), ETHER_DECIMALS)} ETH`;
  const usd = ethUsd === undefined ? undefined : formatUsd(costWei, ethUsd);
  const gasText = `${groupThousands(gas)} gas`;
  return { eth, usd, gas: gasText, text: `Network cost: ${eth}${usd ? ` (${usd})` : ''}, ${gasText}` };
}

function roundSignificant(value: bigint, digits: number): bigint {
  const drop = value.toString().length - digits;
  if (drop <= 0) return value;
  const unit = 10n ** BigInt(drop);
  return ((value + unit / 2n) / unit) * unit;
}

function formatUsd(costWei: bigint, ethUsd: string): string {
  const [whole = '0', fraction = ''] = ethUsd.split('.');
  const price = BigInt(whole + fraction);
  const scale = 10n ** BigInt(ETHER_DECIMALS + fraction.length);
  const cents = (costWei * price * 100n + scale / 2n) / scale;
  if (cents === 0n) return costWei === 0n ? '$0.00' : '< $0.01';
  return `$${groupThousands(cents / 100n)}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function groupThousands(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
