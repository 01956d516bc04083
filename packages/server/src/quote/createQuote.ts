import type { QuoteQuery, QuoteResponse } from '@relayer/protocol';
import type { OpenBook } from '../browse/OpenBook.js';
import type { ChainReader } from '../chain/createChainReader.js';
import type { NetworkConfig } from '../config.js';
import { refusal } from '../errors/toErrorResponse.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import { chooseExchangeCall } from './chooseExchangeCall.js';
import { encodeQuoteCall } from './encodeQuoteCall.js';
import { estimateQuoteGas } from './estimateQuoteGas.js';
import { quotePrice } from './quotePrice.js';
import { type QuoteBook, readQuoteBook } from './readQuoteBook.js';
import { resolveQuoteToken } from './resolveQuoteToken.js';
import { type WalkFill, walkBook } from './walkBook.js';

export interface QuoteContext {
  network: NetworkConfig;
  openBook: Pick<OpenBook, 'pairOrders'>;
  reader: Pick<ChainReader, 'getOrderChainState' | 'getBlockNumber' | 'getTokenFunds' | 'estimateGas'>;
  tokens: Pick<TokenDirectory, 'get' | 'isUnlisted'>;
  /** The chain's clock (Unix ms) and the expiry margin acceptance uses. */
  now: () => number;
  expiryMarginSec: number;
}

/**
 * `GET /quote`: the walk of the book for a market order (`walkBook` over `readQuoteBook`), its totals,
 * prices and Exchange call, and the call's gas.
 */
export async function createQuote(context: QuoteContext, query: QuoteQuery): Promise<QuoteResponse> {
  const { sellToken, buyToken, takerAddress } = query;
  if (sellToken === buyToken)
    throw refusal('ORDER_SAME_TOKEN', 'buyToken', 'must differ from sellToken: a trade is of two tokens');
  const key = context.network.key;
  const [sell, buy] = await Promise.all([
    resolveQuoteToken(context.tokens, key, sellToken, 'sellToken'),
    resolveQuoteToken(context.tokens, key, buyToken, 'buyToken'),
  ]);
  const side = query.sellAmount !== undefined ? 'sell' : 'buy';
  const amount = BigInt(query.sellAmount ?? query.buyAmount ?? '0');
  const { zrx, exchange } = context.network.addresses;
  const walk = (read: QuoteBook) => walkBook({ orders: read.orders, funds: read.funds, side, amount, zrx });
  const book = await readQuoteBook(
    {
      openBook: context.openBook,
      reader: context.reader,
      nowSec: Math.floor(context.now() / 1000),
      expiryMarginSec: context.expiryMarginSec,
    },
    { sellToken, buyToken, takerAddress },
    (read) => walk(read).left === 0n,
  );
  const { fills, left } = walk(book);
  const sellAmount = sum(fills, (fill) => fill.fillTakerAmount);
  const buyAmount = sum(fills, (fill) => fill.makerAmount);
  const takerFee = sum(fills, (fill) => fill.takerFee);
  const exchangeCall = chooseExchangeCall(fills);
  const decimals = { buyDecimals: buy.decimals, sellDecimals: sell.decimals };
  const orderPrice = (fill: WalkFill | undefined) =>
    fill
      ? quotePrice({
          buy: BigInt(fill.order.makerTokenAmount),
          sell: BigInt(fill.order.takerTokenAmount),
          ...decimals,
        })
      : null;
  const gas = await estimateQuoteGas({
    reader: context.reader,
    exchange,
    zrx,
    data: encodeQuoteCall({ exchangeCall, orders: fills, fillTakerAmount: sellAmount }),
    orderCount: fills.length,
    takerAddress,
    sellToken,
    sellAmount,
    takerFee,
  });
  return {
    sellToken,
    buyToken,
    sellAmount: sellAmount.toString(),
    buyAmount: buyAmount.toString(),
    price: fills.length > 0 ? quotePrice({ buy: buyAmount, sell: sellAmount, ...decimals }) : null,
    // The walk goes best first: the last order used is the worst.
    worstPrice: orderPrice(fills[fills.length - 1]),
    bestPrice: orderPrice(fills[0]),
    complete: left === 0n,
    shortfall: left.toString(),
    orders: fills.map((fill) => ({
      order: fill.order,
      orderHash: fill.orderHash,
      fillTakerAmount: fill.fillTakerAmount.toString(),
      makerAmount: fill.makerAmount.toString(),
      takerFee: fill.takerFee.toString(),
    })),
    takerFee: takerFee.toString(),
    exchangeCall,
    fillTakerAmount: sellAmount.toString(),
    gas: gas.toString(),
    exchange,
  };
}

function sum(fills: readonly WalkFill[], of: (fill: WalkFill) => bigint): bigint {
  return fills.reduce((total, fill) => total + of(fill), 0n);
}
