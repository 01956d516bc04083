import { RelayerError, type SignedOrder } from '@relayer/protocol';
import type { ChainReader } from '../chain/createChainReader.js';
import type { MarkTokenDishonestContext } from '../tokens/markTokenDishonest.js';
import { markTokenDishonest } from '../tokens/markTokenDishonest.js';

export interface TransferHonestyOptions {
  reader: Pick<ChainReader, 'probeTransfer'>;
  mark: MarkTokenDishonestContext;
  log: { warn(details: object, message: string): void };
}

/**
 * Acceptance's check of an unverified maker token: the fill's transfer simulated on chain
 * (`probeTransfer`). A token that does not move what it reports is refused and marked, which drops its
 * other open orders. A node that cannot simulate is said once in the log; its orders are then contained
 * by the quotas only.
 */
export class TransferHonesty {
  readonly #options: TransferHonestyOptions;
  #saidUnsupported = false;

  constructor(options: TransferHonestyOptions) {
    this.#options = options;
  }

  /** Throws TOKEN_TRANSFER_DISHONEST (naming makerTokenAddress) when the transfer of `amount` lies. */
  async check(order: SignedOrder, amount: bigint, blockNumber: bigint): Promise<void> {
    const { reader, mark, log } = this.#options;
    const result = await reader.probeTransfer({
      token: order.makerTokenAddress,
      from: order.maker,
      amount,
      blockNumber,
    });
    if (result === 'unsupported') {
      if (!this.#saidUnsupported) {
        this.#saidUnsupported = true;
        log.warn(
          { network: mark.network },
          'the node does not take eth_call state overrides: unverified tokens are not checked for honest transfers, only held to the quotas',
        );
      }
      return;
    }
    if (result === 'honest') return;
    try {
      const dropped = await markTokenDishonest(mark, order.makerTokenAddress);
      log.warn(
        { network: mark.network, token: order.makerTokenAddress, dropped },
        "a token's simulated transfer did not move what it reported: its open orders are dropped",
      );
    } catch (err) {
      log.warn({ err, token: order.makerTokenAddress }, 'marking a dishonest token failed');
    }
    throw new RelayerError(
      'TOKEN_TRANSFER_DISHONEST',
      "A simulated fill of this order did not move the maker token's amount from the maker to the taker (the token's transferFrom says it did): it cannot be traded here",
      'makerTokenAddress',
    );
  }
}
