import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type Address, createPublicClient, type Hex, http, keccak256 } from 'viem';

/**
 * Identifies one deployment on one chain: anvil's state file and the relayer's database are kept only
 * while they agree on it. Block 1 holds the first deployment transaction, so its hash (which covers its
 * timestamp) differs for every fresh deployment even though the contract addresses repeat.
 */
export interface ChainIdentity {
  chainId: number;
  exchangeCodeHash: Hex;
  deploymentBlockHash: Hex;
}

export interface Fingerprint extends ChainIdentity {
  /** The chain head when the stack last stopped cleanly: the saved chain must still contain it. */
  head?: { number: string; hash: Hex };
}

export async function readChainIdentity(rpcUrl: string, exchange: Address): Promise<ChainIdentity> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const [chainId, code, block] = await Promise.all([
    client.getChainId(),
    client.getCode({ address: exchange }),
    client.getBlock({ blockNumber: 1n }),
  ]);
  if (!code || code === '0x') throw new Error(`no Exchange contract at ${exchange}`);
  return { chainId, exchangeCodeHash: keccak256(code), deploymentBlockHash: block.hash };
}

export async function readHead(rpcUrl: string): Promise<Fingerprint['head']> {
  const block = await createPublicClient({ transport: http(rpcUrl) }).getBlock();
  if (block.number === null || block.hash === null) return undefined;
  return { number: block.number.toString(), hash: block.hash };
}

export function readFingerprint(file: string): Fingerprint | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Fingerprint;
  } catch {
    return undefined;
  }
}

export function writeFingerprint(file: string, fingerprint: Fingerprint): void {
  writeFileSync(file, `${JSON.stringify(fingerprint, null, 2)}\n`);
}

/** Why the saved database does not belong to this chain, or undefined when it does. */
export async function fingerprintMismatch(
  rpcUrl: string,
  saved: Fingerprint | undefined,
  current: ChainIdentity,
): Promise<string | undefined> {
  if (!saved) return 'no fingerprint was saved with the data';
  if (saved.chainId !== current.chainId)
    return `chain id ${current.chainId} is not the saved ${saved.chainId}`;
  if (saved.exchangeCodeHash !== current.exchangeCodeHash)
    return 'the Exchange code differs from the saved one';
  if (saved.deploymentBlockHash !== current.deploymentBlockHash) return 'the chain was deployed anew';
  if (saved.head) {
    const client = createPublicClient({ transport: http(rpcUrl) });
    const block = await client.getBlock({ blockNumber: BigInt(saved.head.number) }).catch(() => undefined);
    if (block?.hash !== saved.head.hash) return `the saved chain lost blocks (block ${saved.head.number})`;
  }
  return undefined;
}
