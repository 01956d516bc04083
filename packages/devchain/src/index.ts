export { type ConnectOptions, connectWallet, type WalletConnection } from './connectWallet.js';
export { type CreateSignedOrderOptions, createSignedOrder } from './createSignedOrder.js';
export type { CoreAddresses, Deployment } from './Deployment.js';
export { type DevAccount, devAccounts } from './devAccounts.js';
export { findPromtool } from './findPromtool.js';
export { relayerEnv } from './relayerEnv.js';
export type { SeededAccount } from './seedChain.js';
export { type CaddyOptions, findCaddy, type RunningCaddy, startCaddy } from './startCaddy.js';
export { type DevChain, type StartDevChainOptions, startDevChain } from './startDevChain.js';
export {
  type LocalPostgres,
  postgresUnavailableReason,
  type StartPostgresOptions,
  startPostgres,
} from './startPostgres.js';
