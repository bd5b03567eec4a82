export { FinancesScreen } from './FinancesScreen';
export { MonthlyEvolutionCard } from './MonthlyEvolutionCard';
export { FinancialSummaryCard } from './FinancialSummaryCard';
export { FinancialAnalysisCard } from './FinancialAnalysisCard';
export { AnalyticsScreen } from './AnalyticsScreen';
export { RegisterTransactionDialog } from './RegisterTransactionDialog';
export { profitTone, roi, roiBarTone, roiBarWidth, ROI_BAR_MIN_WIDTH } from './lib/financeRules';
export { monthlyCsv } from './lib/csv';
export { TransactionRowActions, EditTransactionDialog, DeleteTransactionDialog } from './TransactionActions';
