export * from './IncidentsScreen';
export * from './LatestIncidentsCard';
