import { type Address, erc20Abi, erc20Abi_bytes32, hexToString, type PublicClient } from 'viem';

export interface TokenMetadata {
  name?: string;
  symbol?: string;
  decimals?: number;
}

/**
 * Name, symbol and decimals of an ERC20 from the chain. Old tokens (MKR, DGD-era) return bytes32 for
 * name/symbol, so a failed string read is retried with the bytes32 ABI. Fields the contract does not
 * answer are left out; no field at all means there is no token there.
 */
export async function readTokenMetadata(client: PublicClient, address: Address): Promise<TokenMetadata> {
  const [name, symbol, decimals] = await Promise.all([
    readText(client, address, 'name'),
    readText(client, address, 'symbol'),
    client
      .readContract({ address, abi: erc20Abi, functionName: 'decimals' })
      .then(Number)
      .catch(() => undefined),
  ]);
  return {
    ...(name ? { name } : {}),
    ...(symbol ? { symbol } : {}),
    ...(decimals !== undefined ? { decimals } : {}),
  };
}

async function readText(client: PublicClient, address: Address, functionName: 'name' | 'symbol') {
  try {
    return (await client.readContract({ address, abi: erc20Abi, functionName })).trim();
  } catch {
    try {
      const raw = await client.readContract({ address, abi: erc20Abi_bytes32, functionName });
      return hexToString(raw, { size: 32 }).replace(/\0+$/, '').trim();
    } catch {
      return undefined;
    }
  }
}
