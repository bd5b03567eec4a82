import type { ReportType } from '@arrendia/api-contract';
import { formatDate, formatEuros, formatPercent } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { User } from '../models/User';
import { scopeContracts } from '../policies/scope';
import { financesByProperty, monthlyFinances, occupancy, rangeTotals, type DateRange } from '../queries/finances';
import type { PdfReport } from './pdf';

type Db = Knex | Knex.Transaction;

/**
 * Runs independent reads side by side on the pool, but one after another in a transaction: a
 * transaction is one connection, where pg queues concurrent queries and warns it will refuse them.
 */
async function reads<T extends readonly unknown[]>(db: Db, tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!db.isTransaction) return Promise.all(tasks.map((task) => task())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}

const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** Every month 'YYYY-MM' touched by the range, ascending. */
export function monthsOf({ from, to }: DateRange): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
export const fullName = (u: { firstName: string | null; lastName: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || 'Usuario';

/** A month slice clipped to the period: a report from the 15th counts its first month from the 15th. */
async function monthlyInRange(db: Db, user: User, range: DateRange, propertyId: number | null) {
  const months = monthsOf(range);
  if (months.length === 1 || (range.from.endsWith('-01') && range.to === lastDayOf(months[months.length - 1]!))) {
    return monthlyFinances(db, user, months, propertyId);
  }
  return reads(
    db,
    months.map((month) => async () => {
      const clipped = { from: maxIso(range.from, `${month}-01`), to: minIso(range.to, lastDayOf(month)) };
      return { month, ...(await rangeTotals(db, user, clipped, propertyId)) };
    }),
  );
}
const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const maxIso = (a: string, b: string) => (a > b ? a : b);
const minIso = (a: string, b: string) => (a < b ? a : b);

async function financialReport(db: Db, user: User, range: DateRange, propertyId: number | null): Promise<Pick<PdfReport, 'figures' | 'tables'>> {
  const [totals, months, properties] = await reads(db, [
    () => rangeTotals(db, user, range, propertyId),
    () => monthlyInRange(db, user, range, propertyId),
    () => financesByProperty(db, user, range, propertyId),
  ] as const);
  return {
    figures: [
      ['Ingresos totales', formatEuros(totals.income)],
      ['Gastos totales', formatEuros(totals.expenses)],
      ['Beneficio neto', formatEuros(totals.net)],
    ],
    tables: [
      {
        title: 'Por mes',
        columns: ['Mes', 'Ingresos', 'Gastos', 'Neto'],
        widths: [2, 1.5, 1.5, 1.5],
        alignRight: [1, 2, 3],
        rows: months.map((m) => [monthLabel(m.month), formatEuros(m.income), formatEuros(m.expenses), formatEuros(m.net)]),
        empty: 'Sin movimientos en el periodo',
      },
      {
        title: 'Por propiedad',
        columns: ['Propiedad', 'Ingresos', 'Gastos', 'Beneficio'],
        widths: [3, 1.5, 1.5, 1.5],
        alignRight: [1, 2, 3],
        rows: properties.map((p) => [`${p.propertyName}\n${p.address}`, formatEuros(p.income), formatEuros(p.expenses), formatEuros(p.profit)]),
        empty: 'No hay propiedades',
      },
    ],
  };
}

async function occupancyReport(db: Db, user: User, range: DateRange, propertyId: number | null): Promise<Pick<PdfReport, 'figures' | 'tables'>> {
  const figures = await occupancy(db, user, monthsOf(range), propertyId);
  return {
    figures: [
      ['Unidades', String(figures.overall.units)],
      ['Alquiladas', String(figures.overall.rented)],
      ['Tasa de ocupación', formatPercent(figures.overall.rate)],
    ],
    tables: [
      {
        title: 'Ocupación actual por propiedad',
        columns: ['Propiedad', 'Unidades', 'Alquiladas', 'Tasa'],
        widths: [3, 1, 1, 1],
        alignRight: [1, 2, 3],
        rows: figures.properties.map((p) => [p.propertyName, String(p.units), String(p.rented), formatPercent(p.rate)]),
        empty: 'No hay propiedades activas',
      },
      {
        title: 'Ocupación por mes del periodo (según contratos)',
        columns: ['Mes', 'Unidades', 'Ocupadas', 'Tasa'],
        widths: [3, 1, 1, 1],
        alignRight: [1, 2, 3],
        rows: figures.monthly.map((m) => [monthLabel(m.month), String(m.units), String(m.rented), formatPercent(m.rate)]),
        empty: 'Sin datos en el periodo',
      },
    ],
  };
}

interface TenantRow {
  firstName: string | null;
  lastName: string | null;
  email: string;
  contractCode: string;
  rentAmount: string;
  startDate: string;
  endDate: string | null;
  status: string;
  unitName: string;
  propertyName: string;
}

async function tenantsReport(db: Db, user: User, range: DateRange, propertyId: number | null): Promise<Pick<PdfReport, 'figures' | 'tables'>> {
  const rows: TenantRow[] = await scopeContracts(
    db,
    db('contracts')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .join('tenants_contracts', 'tenants_contracts.contractId', 'contracts.id')
      .join('users as tenant', 'tenant.id', 'tenants_contracts.tenantUserId')
      .where('contracts.startDate', '<=', range.to)
      .where((w) => w.whereNull('contracts.endDate').orWhere('contracts.endDate', '>=', range.from))
      .modify((qb) => {
        if (propertyId !== null) qb.where('contracts.mainPropertyId', propertyId);
      }),
    user,
  )
    .select(
      'tenant.firstName',
      'tenant.lastName',
      'tenant.email',
      'contracts.contractCode',
      'contracts.rentAmount',
      'contracts.startDate',
      'contracts.endDate',
      'contracts.status',
      'rentable_units.unitName',
      'main_properties.propertyName',
    )
    .orderBy([{ column: 'tenant.lastName' }, { column: 'tenant.firstName' }, { column: 'contracts.contractCode' }]);
  return {
    figures: [
      ['Inquilinos', String(new Set(rows.map((r) => r.email)).size)],
      ['Contratos', String(new Set(rows.map((r) => r.contractCode)).size)],
    ],
    tables: [
      {
        title: 'Inquilinos con contrato en el periodo',
        columns: ['Inquilino', 'Contrato', 'Unidad', 'Renta', 'Inicio', 'Fin', 'Estado'],
        widths: [2.2, 1.6, 2.2, 1.3, 1.1, 1.1, 1],
        alignRight: [3],
        rows: rows.map((r) => [
          `${fullName(r)}\n${r.email}`,
          r.contractCode,
          `${r.unitName}\n${r.propertyName}`,
          `${formatEuros(r.rentAmount)}/mes`,
          formatDate(r.startDate),
          r.endDate ? formatDate(r.endDate) : 'Indefinido',
          r.status,
        ]),
        empty: 'No hay inquilinos con contrato en el periodo',
      },
    ],
  };
}

/**
 * Each report's figures and tables over what `user` sees in `range`, or only over the property
 * `propertyId` (a scheduled report of one property, issue 33) when it is not null.
 */
export const REPORT_BUILDERS: Record<ReportType, (db: Db, user: User, range: DateRange, propertyId: number | null) => Promise<Pick<PdfReport, 'figures' | 'tables'>>> = {
  financial: financialReport,
  occupancy: occupancyReport,
  tenants: tenantsReport,
};

export const REPORT_FILE_PREFIX: Record<ReportType, string> = { financial: 'reporte-financiero', occupancy: 'reporte-ocupacion', tenants: 'reporte-inquilinos' };
