export * from './TenantsScreen';
