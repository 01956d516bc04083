import { generateSalt, hashOrder, NULL_ADDRESS, type Order, type SignedOrder } from '@relayer/protocol';
import { type Address, type Hex, type LocalAccount, parseSignature } from 'viem';
import type { Deployment } from './Deployment.js';
import { resolveAccount } from './resolveAccount.js';

export type CreateSignedOrderOptions = (
  | { makerPrivateKey: Hex; account?: undefined }
  | { account: LocalAccount; makerPrivateKey?: undefined }
) & {
  deployment: Pick<Deployment, 'exchange'>;
  makerToken: Address;
  takerToken: Address;
  /** Base units of the maker token. */
  makerAmount: bigint;
  /** Base units of the taker token. */
  takerAmount: bigint;
  /** Seconds from now (wall clock) until the order expires; default one hour. */
  expiresInSec?: number;
  /** Who may fill; default anyone. */
  taker?: Address;
  /** Default none: the null fee recipient means the Exchange charges no fees at all. */
  feeRecipient?: Address;
  makerFee?: bigint;
  takerFee?: bigint;
};

/**
 * A v1 order signed the way a browser wallet signs it: `personal_sign` of the raw 32-byte order hash,
 * i.e. the prefixed digest the Exchange's `isValidSignature` recovers from (PROTOCOL.md §3).
 */
export async function createSignedOrder(options: CreateSignedOrderOptions): Promise<SignedOrder> {
  const maker = resolveAccount(options.makerPrivateKey, options.account);
  const lower = (address: Address) => address.toLowerCase() as Address;
  const order: Order = {
    exchangeContractAddress: lower(options.deployment.exchange),
    maker: lower(maker.address),
    taker: lower(options.taker ?? NULL_ADDRESS),
    makerTokenAddress: lower(options.makerToken),
    takerTokenAddress: lower(options.takerToken),
    feeRecipient: lower(options.feeRecipient ?? NULL_ADDRESS),
    makerTokenAmount: options.makerAmount.toString(),
    takerTokenAmount: options.takerAmount.toString(),
    makerFee: (options.makerFee ?? 0n).toString(),
    takerFee: (options.takerFee ?? 0n).toString(),
    expirationUnixTimestampSec: String(Math.floor(Date.now() / 1000) + (options.expiresInSec ?? 3600)),
    salt: generateSalt().toString(),
  };
  const signature = await maker.signMessage({ message: { raw: hashOrder(order) } });
  const { r, s, yParity } = parseSignature(signature);
  // v1 wants v as 27/28 (ecrecover rejects 0/1), whatever form the account library returns.
  const v = yParity === 0 ? 27 : 28;
  return { ...order, ecSignature: { v, r, s } };
}
