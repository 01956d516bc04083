import { RelayerError } from '@relayer/protocol';

/**
 * The node did not answer (down, timed out, refused, overloaded). Routes map it to CHAIN_UNAVAILABLE
 * (503) through `httpStatus.ts`; the message names the call, never the node's URL or its answer.
 */
export class ChainUnavailableError extends RelayerError {
  constructor(what: string, cause?: unknown) {
    super('CHAIN_UNAVAILABLE', `The Ethereum node did not answer (${what})`, undefined, undefined, { cause });
  }
}
