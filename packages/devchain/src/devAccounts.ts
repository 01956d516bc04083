import { DEV_MNEMONIC } from '@relayer/protocol';
import { type Address, bytesToHex, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

export interface DevAccount {
  address: Address;
  privateKey: Hex;
}

/**
 * The accounts anvil unlocks for the 0x test mnemonic (PROTOCOL.md §8.4), with their keys, so tests
 * and the CLI can sign locally exactly as a browser wallet would.
 */
export function devAccounts(count = 10, mnemonic: string = DEV_MNEMONIC): DevAccount[] {
  return Array.from({ length: count }, (_, addressIndex) => {
    const account = mnemonicToAccount(mnemonic, { addressIndex });
    const privateKey = account.getHdKey().privateKey;
    if (!privateKey) throw new Error(`no private key derived for account ${addressIndex}`);
    return { address: account.address.toLowerCase() as Address, privateKey: bytesToHex(privateKey) };
  });
}
