/** A DATE column as 'YYYY-MM-DD', whether the driver hands it over as text or as a Date at UTC midnight. */
export function isoDay(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** isoDay for a nullable DATE column. */
export function isoDayOrNull(value: string | Date | null | undefined): string | null {
  return value == null ? null : isoDay(value);
}
