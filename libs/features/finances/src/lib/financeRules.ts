import type { StatusTone } from '@arrendia/ui';

/**
 * Spec §9 rules of the financial analysis view ('Rentabilidad por Propiedad'), kept exactly as the
 * spec gives them. Amounts come from the API as exact text; the ratios are display figures.
 */

/** ROI = profit / income × 100, rounded to one decimal; 0 when income is 0. */
export function roi(profit: number | string, income: number | string): number {
  const i = Number(income);
  const p = Number(profit);
  if (!Number.isFinite(i) || !Number.isFinite(p) || i === 0) return 0;
  return Math.round((p / i) * 100 * 10) / 10;
}

/** The smallest width a bar shows, so a very poor ROI is still visible. */
export const ROI_BAR_MIN_WIDTH = 5;

/** Progress bar width in percent: (ROI + 50) × 1.5 clamped to 0–100, at least 5. */
export function roiBarWidth(roiValue: number): number {
  const width = Math.min(100, Math.max(0, (roiValue + 50) * 1.5));
  return Math.max(ROI_BAR_MIN_WIDTH, width);
}

/** Bar colour: orange at an ROI of 80 or more, yellow at 60 or more, otherwise red. */
export function roiBarTone(roiValue: number): StatusTone {
  if (roiValue >= 80) return 'orange';
  if (roiValue >= 60) return 'yellow';
  return 'red';
}

/** Profit text colour: orange at 3000 € or more, yellow at 1500 € or more, otherwise red. */
export function profitTone(profit: number | string): StatusTone {
  const p = Number(profit);
  if (p >= 3000) return 'orange';
  if (p >= 1500) return 'yellow';
  return 'red';
}
