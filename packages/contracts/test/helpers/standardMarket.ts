import { type Address, maxUint256 } from 'viem';
import { standardTokenArtifact } from '../../src/generated/index.js';
import { exchangeArtifact } from '../../src/index.js';
import type { TestChain } from './chain.js';
import {
  type ContractOf,
  deployer,
  feeRecipient,
  INITIAL_BALANCE,
  maker,
  type System,
  taker,
} from './system.js';

export interface StandardMarket {
  /** An Exchange whose fee token is `zrx`, authorised on the system's proxy. */
  exchange: ContractOf<typeof exchangeArtifact>;
  zrx: ContractOf<typeof standardTokenArtifact>;
  tokenA: ContractOf<typeof standardTokenArtifact>;
  tokenB: ContractOf<typeof standardTokenArtifact>;
}

/**
 * Tokens that keep balances and allowances in mappings, as v1's DummyToken and real ERC-20 tokens do
 * (StandardToken), with an Exchange whose ZRX is one of them: what gas is measured on. Maker, taker
 * and fee recipient hold INITIAL_BALANCE of each and approved the proxy without limit.
 */
export async function deployStandardMarket(chain: TestChain, system: System): Promise<StandardMarket> {
  const { at, send, proxy } = system;
  const deployToken = async () =>
    at(standardTokenArtifact, await chain.deploy(standardTokenArtifact, [0n], deployer));
  const zrx = await deployToken();
  const tokenA = await deployToken();
  const tokenB = await deployToken();
  const exchangeAddress: Address = await chain.deploy(
    exchangeArtifact,
    [zrx.address, proxy.address],
    deployer,
  );
  await send(proxy.write.addAuthorizedAddress([exchangeAddress], { account: deployer }));
  for (const token of [zrx, tokenA, tokenB]) {
    for (const party of [maker, taker, feeRecipient]) {
      await send(token.write.setBalance([party, INITIAL_BALANCE], { account: deployer }));
      await send(token.write.approve([proxy.address, maxUint256], { account: party }));
    }
  }
  return { exchange: at(exchangeArtifact, exchangeAddress), zrx, tokenA, tokenB };
}
