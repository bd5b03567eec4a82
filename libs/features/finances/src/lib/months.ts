import { todayIso } from '@arrendia/locale-es';

/** The Madrid month holding `now`, 'YYYY-MM'. */
export function currentMonth(now: Date = new Date()): string {
  return todayIso(now).slice(0, 7);
}

/** `month` ('YYYY-MM') moved by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Spec §9: the financial analysis starts on the first day of the month six months ago. */
export function analysisFrom(now: Date = new Date()): string {
  return `${addMonths(currentMonth(now), -6)}-01`;
}

const MONTH_NAMES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
const LONG_MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'YYYY-MM' → 'nov 2026' (axis ticks). */
export function shortMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** 'YYYY-MM' → 'noviembre de 2026' (lists and tables). */
export function longMonthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const name = LONG_MONTH_NAMES[m - 1]!;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${y}`;
}
