import type { Address, Hex, PublicClient, TransactionReceipt, WalletClient } from 'viem';
import { describeError } from '../errors/userMessages';
import { estimateTx } from './estimateTx';
import type { TxRequest } from './TxRequest';
import type { ReplacementReason, TxEvent } from './TxStatus';
import { REVERTED_ON_CHAIN } from './txStatusReducer';

export interface TrackedTx {
  /** The receipt of the transaction that did the action (the sped-up one, if the wallet replaced it). */
  receipt: TransactionReceipt;
  /** Set when the wallet sped the transaction up: the hash it first had. */
  spedUpFrom?: Hex;
}

export interface SendTrackedTxInput {
  publicClient: PublicClient;
  walletClient: WalletClient;
  account: Address;
  request: TxRequest;
  /** Each step, for the status shown and announced (txStatusReducer). */
  onEvent(event: TxEvent): void;
}

/**
 * Sends `request` from the wallet and follows it to its receipt: estimated again just before the
 * prompt, so what would revert now is refused with the reason and the wallet never opens; a
 * replacement by the wallet (same sender and nonce) is followed to the new hash. Resolves only when the
 * action itself was mined successfully; a revert on chain, a cancel in the wallet or any other failure
 * throws an Error whose message is the reason in words.
 */
export async function sendTrackedTx({
  publicClient,
  walletClient,
  account,
  request,
  onEvent,
}: SendTrackedTxInput): Promise<TrackedTx> {
  const fail = (err: unknown): never => {
    onEvent({ type: 'error', reason: describeError(err) });
    throw err;
  };
  onEvent({ type: 'check' });
  // A node that cannot estimate (rather than refusing) leaves the decision to the wallet.
  const estimate = await estimateTx({ client: publicClient, account, request }).catch(() => undefined);
  if (estimate?.kind === 'reverts') fail(estimate.error);
  onEvent({ type: 'ask' });
  const hash = await walletClient
    .writeContract({
      ...request,
      account: walletClient.account ?? account,
      chain: walletClient.chain,
    } as Parameters<WalletClient['writeContract']>[0])
    .catch(fail);
  onEvent({ type: 'sent', hash });
  let replacement: { reason: ReplacementReason; hash: Hex } | undefined;
  const receipt = await publicClient
    .waitForTransactionReceipt({
      hash,
      onReplaced: ({ reason, transaction }) => {
        replacement = { reason, hash: transaction.hash };
        onEvent({ type: 'replaced', reason, hash: transaction.hash });
      },
    })
    .catch(fail);
  onEvent({ type: 'mined', hash: receipt.transactionHash, success: receipt.status === 'success' });
  if (replacement && replacement.reason !== 'repriced') {
    throw new Error(
      replacement.reason === 'cancelled'
        ? 'The transaction was cancelled in your wallet: nothing was done'
        : 'The transaction was replaced in your wallet by another one: this action was not done',
    );
  }
  if (receipt.status !== 'success') throw new Error(`The transaction was ${REVERTED_ON_CHAIN}`);
  return { receipt, spedUpFrom: replacement ? hash : undefined };
}
