export * from './RemotesScreen';
export * from './AuditLogScreen';
