export { ImportPanel, IMPORT_PARAM } from './ImportPanel';
