export { assertCanonicalAddresses } from './assertCanonicalAddresses.js';
export { type ConnectOptions, connectWallet, type WalletConnection } from './connectWallet.js';
export { type CreateSignedOrderOptions, createSignedOrder } from './createSignedOrder.js';
export type { CoreAddresses, Deployment } from './Deployment.js';
export { deploymentPath } from './deploymentPath.js';
export { type DeploySystemOptions, deploySystem } from './deploySystem.js';
export { type DevAccount, devAccounts } from './devAccounts.js';
export { findDeployment } from './findDeployment.js';
export { readDeployment } from './readDeployment.js';
export { type RegisterTestTokensOptions, registerTestTokens } from './registerTestTokens.js';
export type { DeployerOption } from './resolveAccount.js';
export { SEED_AMOUNTS } from './seedAmounts.js';
export {
  defaultSeedAccounts,
  type SeedAccount,
  type SeedChainOptions,
  type SeededAccount,
  type SeedResult,
  seedChain,
} from './seedChain.js';
export { type DevChain, type StartDevChainOptions, startDevChain } from './startDevChain.js';
export {
  findPostgresBin,
  type LocalPostgres,
  postgresUnavailableReason,
  type StartPostgresOptions,
  startPostgres,
} from './startPostgres.js';
export { TEST_TOKENS, type TestTokenSpec } from './testTokens.js';
export { writeDeployment } from './writeDeployment.js';
