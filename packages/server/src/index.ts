export { type Config, loadConfig, type NetworkConfig, testConfig } from './config.js';
export type { Database, Queryable } from './db/Database.js';
export { type BookEvent, BookEvents } from './events/BookEvents.js';
export { queryOrderbook } from './orders/queryOrderbook.js';
export { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from './orders/rowToOrderRecord.js';
export { type RunningRelayer, type StartRelayerOptions, startRelayer } from './startRelayer.js';
