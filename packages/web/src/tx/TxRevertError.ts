/**
 * A transaction the node says would fail (its gas estimate reverts, or the account cannot pay the gas),
 * refused before the wallet opens. `message` is the reason in words for the user.
 */
export class TxRevertError extends Error {
  override readonly name = 'TxRevertError';
  /** The contract's custom error, when the ABI named it. */
  readonly errorName: string | undefined;

  constructor({ reason, errorName, cause }: { reason: string; errorName?: string; cause?: unknown }) {
    super(reason, { cause });
    this.errorName = errorName;
  }
}
