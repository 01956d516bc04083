export * from './chainStatusSchema';
export * from './orderQuerySchema';
export * from './orderRecordSchema';
export * from './responses';
export * from './wsMessages';
