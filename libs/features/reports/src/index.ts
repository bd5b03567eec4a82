export * from './ReportsScreen';
export { PrincipalReportDialog } from './ReportCard';
