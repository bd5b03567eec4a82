export * from './screens';
export * from './ContractsWithCharges';
export * from './FinancesWithCharges';
