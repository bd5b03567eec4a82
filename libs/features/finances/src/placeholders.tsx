import type { CurrentUser } from '@arrendia/api-contract';
import { SECTION_IN_PREPARATION } from '@arrendia/remote-contract';
import { PageHeader } from '@arrendia/ui';

/** Placeholder until the screen is built (issue 6). */
export function FinancesScreen(_props: { user: CurrentUser | null }) {
  return <PageHeader title="FinancesScreen" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function MonthlyEvolutionCard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="MonthlyEvolutionCard" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function FinancialSummaryCard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="FinancialSummaryCard" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function FinancialAnalysisCard(_props: { user: CurrentUser | null }) {
  return <PageHeader title="FinancialAnalysisCard" description={SECTION_IN_PREPARATION} />;
}

/** Placeholder until the screen is built (issue 6). */
export function AnalyticsScreen(_props: { user: CurrentUser | null }) {
  return <PageHeader title="AnalyticsScreen" description={SECTION_IN_PREPARATION} />;
}
