export * from './IncidentsScreen';
