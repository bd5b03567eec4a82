import { todayIso } from '@arrendia/locale-es';

const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Dates of the demo portfolio, relative to the day the seed runs (Madrid calendar), so that the
 * dashboards always show this month and the eleven before it. Months are offsets: 0 is the
 * current month, -1 the previous one, +1 the next.
 */
export class DemoCalendar {
  readonly today: string;
  private readonly year: number;
  private readonly month: number;

  constructor(readonly now: Date = new Date()) {
    this.today = todayIso(now);
    this.year = Number(this.today.slice(0, 4));
    this.month = Number(this.today.slice(5, 7));
  }

  /** Year and month (1-12) of a month offset. */
  monthOf(offset: number): { year: number; month: number } {
    const index = this.year * 12 + (this.month - 1) + offset;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  }

  /** 'YYYY-MM-DD' of a day in a month offset; a day past the month's end is its last day. */
  date(offset: number, day: number): string {
    const { year, month } = this.monthOf(offset);
    return `${year}-${pad(month)}-${pad(Math.min(day, this.daysIn(offset)))}`;
  }

  /** The last day of a month offset as 'YYYY-MM-DD'. */
  endOf(offset: number): string {
    return this.date(offset, 31);
  }

  /** 'marzo de 2026'. */
  monthName(offset: number): string {
    const { year, month } = this.monthOf(offset);
    return `${MONTH_NAMES[month - 1]} de ${year}`;
  }

  /** The month offset of a 'YYYY-MM-DD' date. */
  offsetOf(isoDate: string): number {
    return Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - (this.year * 12 + this.month);
  }

  /** Whether a 'YYYY-MM-DD' date is after today. */
  isFuture(isoDate: string): boolean {
    return isoDate > this.today;
  }

  /** The instant `days` days and `hours` hours before now. */
  ago(days: number, hours = 0): Date {
    return new Date(this.now.getTime() - days * DAY - hours * HOUR);
  }

  private daysIn(offset: number): number {
    const { year, month } = this.monthOf(offset);
    return new Date(Date.UTC(year, month, 0)).getUTCDate();
  }
}
