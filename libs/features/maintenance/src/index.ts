export * from './MaintenanceScreen';
