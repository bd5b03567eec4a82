export * from './http';
export * from './queryClient';
export * from './useCurrentUser';
