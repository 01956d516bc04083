/**
 * Typed artifacts (ABI `as const`, creation and runtime bytecode) of the 0x v1-compatible contracts,
 * generated from contracts/*.sol by scripts/build.ts.
 */
/** Test-only contracts. */
export {
  dummyTokenArtifact,
  exchangeArtifact,
  falseReturningTokenArtifact,
  lyingTokenArtifact,
  maliciousTokenArtifact,
  tokenRegistryArtifact,
  tokenTransferProxyArtifact,
  transferProbeArtifact,
  weth9Artifact,
  zrxTokenArtifact,
} from './generated/index.js';
