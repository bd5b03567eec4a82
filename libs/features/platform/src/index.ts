export * from './RemotesScreen';
export * from './AuditLogScreen';
export * from './OutboxScreen';
export * from './IndexValuesScreen';
