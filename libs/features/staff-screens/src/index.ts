export * from './screens';
