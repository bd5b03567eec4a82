import { todayIso } from '@arrendia/locale-es';

/** The current month in Madrid, first to last day: the default period of a report card. */
export function currentMonthPeriod(now: Date = new Date()): { from: string; to: string } {
  const today = todayIso(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}
