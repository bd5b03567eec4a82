export * from './ConsentRequestsCard';
export * from './DelegateDashboard';
export * from './OwnerDelegationsPanel';
export * from './useDelegations';
