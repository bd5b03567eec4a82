export * from './ReportsScreen';
