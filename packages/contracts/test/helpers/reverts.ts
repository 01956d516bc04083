import { type Abi, BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from 'viem';
import * as artifacts from '../../src/index.js';

export interface Revert {
  /** Custom error name, 'Panic', 'Error', or undefined for a revert without data. */
  name: string | undefined;
  args: readonly unknown[];
}

/** Every custom error of every generated contract, to decode errors bubbled up from other contracts. */
const allErrors = Object.values(artifacts).flatMap((artifact) =>
  (artifact.abi as Abi).filter((item) => item.type === 'error'),
) as Abi;

/** Awaits a simulate/call that must revert and returns the decoded revert reason. */
export async function revertOf(promise: Promise<unknown>): Promise<Revert> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError) {
        if (reverted.data) return { name: reverted.data.errorName, args: reverted.data.args ?? [] };
        const raw = (reverted as { raw?: Hex }).raw;
        if (raw && raw.length >= 10) {
          try {
            const decoded = decodeErrorResult({ abi: allErrors, data: raw });
            return { name: decoded.errorName, args: decoded.args ?? [] };
          } catch {
            // Data that is no known error (e.g. a token's bubbled answer): a revert all the same.
          }
        }
        return { name: undefined, args: [] };
      }
    }
    throw error;
  }
  throw new Error('expected the call to revert, but it succeeded');
}
