import type { Address, Hex, TransactionReceipt } from 'viem';
import type { WalletConnection } from './connectWallet.js';

/** Waits for a transaction and throws on a revert, so a half-deployed system never looks finished. */
export async function confirm(
  client: WalletConnection,
  hash: Hex,
  what: string,
): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (transaction ${hash})`);
  return receipt;
}

/** The lower-case address a confirmed deployment created. */
export async function confirmDeployment(client: WalletConnection, hash: Hex, what: string): Promise<Address> {
  const { contractAddress } = await confirm(client, hash, what);
  if (!contractAddress) throw new Error(`${what}: the receipt has no contract address (transaction ${hash})`);
  return contractAddress.toLowerCase() as Address;
}
