export * from './chainStatusSchema';
export * from './orderbookSchema';
export * from './orderQuerySchema';
export * from './orderRecordSchema';
export * from './responses';
export * from './tradeQuerySchema';
export * from './tradeRecordSchema';
export * from './wsMessages';
