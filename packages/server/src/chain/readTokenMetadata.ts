import type { Address } from '@relayer/protocol';
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc20Abi_bytes32,
  type Hex,
  hexToString,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { ChainUnavailableError } from './ChainUnavailableError.js';
import { isNodeFailure } from './isNodeFailure.js';

export interface TokenMetadata {
  isContract: boolean;
  /** totalSupply() and balanceOf(0x0) both answered with a uint256. */
  isErc20: boolean;
  name?: string;
  symbol?: string;
  decimals?: number;
}

/**
 * What a token contract says about itself, for `POST /token/new`. Tolerates the odd ones: name/symbol
 * as `string` or as old-style `bytes32` (e.g. MKR), missing `decimals`, reverts and garbage answers all
 * just leave a field out. Only a failing node throws (`ChainUnavailableError`). All calls read one block.
 */
export async function readTokenMetadata(client: PublicClient, address: Address): Promise<TokenMetadata> {
  try {
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const code = await client.getCode({ address, blockNumber });
    if (!code || code === '0x') return { isContract: false, isErc20: false };
    const call = async (data: Hex): Promise<Hex | undefined> => {
      try {
        return (await client.call({ to: address, data, blockNumber })).data;
      } catch (error) {
        if (isNodeFailure(error)) throw error;
        return undefined;
      }
    };
    const [totalSupply, balance, name, symbol, decimals] = await Promise.all([
      call(encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' })),
      call(encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [zeroAddress] })),
      call(encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
      call(encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
      call(encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
    ]);
    const metadata: TokenMetadata = { isContract: true, isErc20: isUint(totalSupply) && isUint(balance) };
    const nameText = decodeText(name, 'name');
    const symbolText = decodeText(symbol, 'symbol');
    const decimalsValue = decodeDecimals(decimals);
    if (nameText !== undefined) metadata.name = nameText;
    if (symbolText !== undefined) metadata.symbol = symbolText;
    if (decimalsValue !== undefined) metadata.decimals = decimalsValue;
    return metadata;
  } catch (error) {
    throw new ChainUnavailableError('token metadata', error);
  }
}

function isUint(data: Hex | undefined): boolean {
  // A uint256 answer is exactly one word; anything else (empty, short) is not an ERC20 answer.
  return data !== undefined && data.length === 66;
}

function decodeText(data: Hex | undefined, functionName: 'name' | 'symbol'): string | undefined {
  if (!data || data === '0x') return undefined;
  try {
    return clean(decodeFunctionResult({ abi: erc20Abi, functionName, data }));
  } catch {
    // Not an ABI string: old tokens return a bytes32, right-padded with zero bytes.
  }
  if (data.length !== 66) return undefined;
  try {
    return clean(
      hexToString(decodeFunctionResult({ abi: erc20Abi_bytes32, functionName, data }), { size: 32 }),
    );
  } catch {
    return undefined;
  }
}

function clean(text: string): string | undefined {
  // Strip padding and control characters so stored names cannot carry invisible bytes.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const stripped = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return stripped === '' ? undefined : stripped;
}

function decodeDecimals(data: Hex | undefined): number | undefined {
  if (data?.length !== 66) return undefined;
  const value = BigInt(data);
  return value <= 255n ? Number(value) : undefined;
}
