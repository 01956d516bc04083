import type { Address } from '@relayer/protocol';

/** An amount of a token that must be held, and approved to the TokenTransferProxy, for a trade. */
export interface FundsRequirement {
  token: Address;
  amount: bigint;
}

export interface TokenFunds {
  balance: bigint;
  allowance: bigint;
}

export type FundsStatus =
  | { status: 'ok' }
  | { status: 'loading' }
  /** Approving would not help: the wallet holds too little. */
  | { status: 'balance'; token: Address; required: bigint; balance: bigint }
  | { status: 'allowance'; token: Address; required: bigint };

/** The first thing in the way of the fill: unknown funds, a short balance, then a short allowance. */
export function checkFunds(
  needs: readonly FundsRequirement[],
  funds: (token: Address) => TokenFunds | undefined,
): FundsStatus {
  const known = needs.map((need) => ({ need, have: funds(need.token) }));
  if (known.some(({ have }) => !have)) return { status: 'loading' };
  for (const { need, have } of known) {
    if (have && have.balance < need.amount) {
      return { status: 'balance', token: need.token, required: need.amount, balance: have.balance };
    }
  }
  for (const { need, have } of known) {
    if (have && have.allowance < need.amount)
      return { status: 'allowance', token: need.token, required: need.amount };
  }
  return { status: 'ok' };
}
