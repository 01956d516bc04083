import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';
import { ChainUnavailableError } from './ChainUnavailableError.js';

/** EVM-level failures a node reports as JSON-RPC errors: the contract answered, badly. */
const EXECUTION_FAILURE = /revert|invalid opcode|out of gas|stack (underflow|overflow)|invalid jump/i;

/**
 * True when an error means the node itself failed (unreachable, timeout, internal error, rate limit),
 * false when a contract call reached the EVM and reverted or returned undecodable data. The first must
 * surface as CHAIN_UNAVAILABLE; the second is a fact about the contract (an odd token, a non-contract).
 */
export function isNodeFailure(error: unknown): boolean {
  // Anything viem did not wrap is unexpected: report the node as failing rather than blame a contract.
  if (!(error instanceof BaseError)) return true;
  const transport = error.walk(
    (e) =>
      // The node's circuit breaker refused the request (viem wraps it as an unknown RPC error).
      e instanceof ChainUnavailableError ||
      e instanceof HttpRequestError ||
      e instanceof TimeoutError ||
      e instanceof SocketClosedError ||
      e instanceof WebSocketRequestError ||
      (e instanceof RpcRequestError && e.code !== 3 && !EXECUTION_FAILURE.test(e.details)),
  );
  return transport !== null;
}
