// The documents screen as a module of this lib, for STAFF_SCREENS to load on demand: the documents
// feature is imported statically here and in recordDocuments, never both ways.
export { DocumentsScreen } from '@arrendia/feature-documents';
