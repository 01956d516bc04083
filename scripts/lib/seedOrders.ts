import { exchangeArtifact } from '@relayer/contracts';
import { connectWallet, createSignedOrder, type DevChain } from '@relayer/devchain';
import { hashOrder, orderToContractArgs, type SignedOrder, toBaseUnits } from '@relayer/protocol';
import { privateKeyToAccount } from 'viem/accounts';

/** One sample order: account index of the maker, and human amounts of each side. */
interface SampleOrder {
  maker: number;
  sell: [amount: string, symbol: string];
  buy: [amount: string, symbol: string];
}

/** Two makers (accounts 1 and 2), several pairs, the 6-, 8-, 9- and 18-decimal tokens. */
const SAMPLE_ORDERS: readonly SampleOrder[] = [
  { maker: 1, sell: ['1000', 'ZRX'], buy: ['1', 'WETH'] },
  { maker: 1, sell: ['50', 'REP'], buy: ['2.5', 'WETH'] },
  { maker: 1, sell: ['3', 'WETH'], buy: ['2500', 'ZRX'] },
  { maker: 2, sell: ['2', 'MKR'], buy: ['3', 'WETH'] },
  { maker: 2, sell: ['0.5', 'WBTC'], buy: ['30000', 'USDC'] },
  { maker: 2, sell: ['400', 'DGD'], buy: ['6', 'WETH'] },
  { maker: 2, sell: ['1.2', 'WETH'], buy: ['60', 'REP'] },
];
/** Account 3 takes this much of the first order's taker token, leaving it partly filled. */
const PARTIAL_FILL: [amount: string, symbol: string] = ['0.25', 'WETH'];
const TAKER = 3;
const WEEK_SEC = 7 * 24 * 3600;

export interface SeededOrders {
  orders: SignedOrder[];
  partlyFilled: SignedOrder;
}

/**
 * Signs the sample orders the way a browser wallet does, posts them to the relayer, then fills one
 * partly on chain from another account and waits until the relayer shows the fill.
 */
export async function seedOrders(chain: DevChain, relayerUrl: string): Promise<SeededOrders> {
  const token = (symbol: string) => {
    const found = chain.deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`the deployment has no ${symbol} token`);
    return found;
  };
  const key = (index: number) => {
    const account = chain.accounts[index];
    if (!account) throw new Error(`no dev account ${index}`);
    return account.privateKey;
  };

  const orders: SignedOrder[] = [];
  for (const sample of SAMPLE_ORDERS) {
    const makerToken = token(sample.sell[1]);
    const takerToken = token(sample.buy[1]);
    const order = await createSignedOrder({
      deployment: chain.deployment,
      makerPrivateKey: key(sample.maker),
      makerToken: makerToken.address,
      takerToken: takerToken.address,
      makerAmount: toBaseUnits(sample.sell[0], makerToken.decimals),
      takerAmount: toBaseUnits(sample.buy[0], takerToken.decimals),
      expiresInSec: WEEK_SEC,
    });
    const response = await fetch(`${relayerUrl}/order/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    if (!response.ok) {
      throw new Error(
        `the relayer refused a sample order (HTTP ${response.status}): ${await response.text()}`,
      );
    }
    orders.push(order);
  }

  const [partlyFilled] = orders;
  if (!partlyFilled) throw new Error('no sample orders');
  const amount = toBaseUnits(PARTIAL_FILL[0], token(PARTIAL_FILL[1]).decimals);
  const wallet = await connectWallet(chain.rpcUrl, privateKeyToAccount(key(TAKER)), { pollingInterval: 50 });
  const { orderAddresses, orderValues } = orderToContractArgs(partlyFilled);
  const { v, r, s } = partlyFilled.ecSignature;
  const hash = await wallet.writeContract({
    address: chain.deployment.exchange,
    abi: exchangeArtifact.abi,
    functionName: 'fillOrder',
    args: [orderAddresses, orderValues, amount, true, v, r, s],
  });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error('the sample partial fill reverted');
  await waitForFill(relayerUrl, partlyFilled, amount);
  return { orders, partlyFilled };
}

async function waitForFill(relayerUrl: string, order: SignedOrder, amount: bigint): Promise<void> {
  const url = `${relayerUrl}/order/${hashOrder(order)}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(url);
    if (response.ok) {
      const record = (await response.json()) as { filledTakerTokenAmount?: string };
      if (record.filledTakerTokenAmount === amount.toString()) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the relayer did not see the sample partial fill within 30 s');
}
