export * from './DocumentsScreen';
export * from './RecordDocuments';
