import type { Hex, LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Who sends the deployment transactions: a raw key (CLI, env) or a ready viem account (tests, wallets). */
export type DeployerOption =
  | { deployerPrivateKey: Hex; account?: undefined }
  | { account: LocalAccount; deployerPrivateKey?: undefined };

/** Either field may be given; the types allow exactly one, this also guards untyped callers. */
export function resolveAccount(privateKey: Hex | undefined, account: LocalAccount | undefined): LocalAccount {
  if (account && privateKey) throw new Error('pass either a private key or an account, not both');
  if (account) return account;
  if (privateKey) return privateKeyToAccount(privateKey);
  throw new Error('a private key or an account is required');
}
