export * from './http';
export * from './getJson';
export * from './queryClient';
export * from './useCurrentUser';
export * from './useNotifications';
export * from './useSearch';
export * from './useBadgeCounts';
export * from './formErrors';
