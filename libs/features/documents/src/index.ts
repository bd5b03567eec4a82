export * from './DocumentsScreen';
