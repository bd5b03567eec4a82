// The analytics screen as a module of this lib, for STAFF_SCREENS to load on demand: the finances
// feature is imported statically here and in FinancesWithCharges, never both ways.
export { AnalyticsScreen } from '@arrendia/feature-finances';
