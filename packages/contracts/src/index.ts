/**
 * Typed artifacts (ABI `as const`, creation and runtime bytecode) of the 0x v1-compatible contracts,
 * generated from contracts/*.sol by scripts/build.ts.
 */
export {
  dummyTokenArtifact,
  exchangeArtifact,
  tokenRegistryArtifact,
  tokenTransferProxyArtifact,
  weth9Artifact,
  zrxTokenArtifact,
} from './generated/index.js';
/** Test-only contracts. */
export { falseReturningTokenArtifact, maliciousTokenArtifact } from './generated/index.js';
