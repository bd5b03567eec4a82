export * from './DelegateDashboard';
export * from './OwnerDelegationsPanel';
export * from './useDelegations';
