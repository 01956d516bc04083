import { errorMessages } from './errorMessages.js';

/**
 * How nodes say they no longer hold (or never indexed) the state of an older block: geth and its forks
 * ("missing trie node", "header not found", "historical state … not available", "required historical
 * state unavailable"), Nethermind and Besu ("state … not available", "world state … not available"),
 * Erigon ("state … pruned"), hosted nodes without archive access, and anvil (no state before a loaded
 * state file or a revert).
 */
const STATE_UNAVAILABLE = [
  /missing trie node/i,
  /header not found/i,
  /(historical|world|required) state .*(not available|unavailable)/i,
  /state (is )?(not available|unavailable|pruned)/i,
  /state histories haven't been fully indexed/i,
  /pruned (state|history|block)|state .*(is|has been) pruned|beyond the pruning/i,
  /archive (state|node|data)|does not have access to archive/i,
  // anvil: blocks before a loaded state or a revert keep no state.
  /BlockOutOfRangeError|block height is \d+ but requested was \d+/i,
];

/**
 * True when a read at a pinned block failed because the node has pruned that block's state: reading
 * at the latest block instead works, whereas retrying the same block never will.
 */
export function isStateUnavailable(error: unknown): boolean {
  return errorMessages(error).some((message) => STATE_UNAVAILABLE.some((shape) => shape.test(message)));
}
