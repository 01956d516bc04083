export { type Config, loadConfig } from './config.js';
export { type RunningRelayer, type StartRelayerOptions, startRelayer } from './startRelayer.js';
