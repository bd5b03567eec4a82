import type { MaintenancePlan, MaintenanceTask, MaintenanceTaskStatus, MaintenanceTaskType, Provider } from '@arrendia/api-contract';
import { isoDay } from './dates';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export interface ProviderRow {
  id: number;
  name: string;
  trade: string;
  nifCif: string;
  telefono: string | null;
  email: string | null;
  ibanBancaria: string | null;
  isActive: boolean;
}

export const presentProvider = (row: ProviderRow): Provider => ({
  id: row.id,
  name: row.name,
  trade: row.trade,
  nifCif: row.nifCif,
  telefono: row.telefono,
  email: row.email,
  ibanBancaria: row.ibanBancaria,
  isActive: row.isActive,
});

/** A maintenance_tasks row with its property, unit and provider names (see queries/maintenanceRows). */
export interface MaintenanceTaskRow {
  id: number;
  title: string;
  taskType: MaintenanceTaskType;
  status: MaintenanceTaskStatus;
  scheduledDate: string | Date;
  cost: string | null;
  notes: string | null;
  startedAt: string | Date | null;
  completedAt: string | Date | null;
  mainPropertyId: number;
  propertyName: string;
  rentableUnitId: number | null;
  unitName: string | null;
  incidentId: number | null;
  planId: number | null;
  providerId: number | null;
  providerName: string | null;
}

export const presentMaintenanceTask = (row: MaintenanceTaskRow): MaintenanceTask => ({
  id: row.id,
  title: row.title,
  taskType: row.taskType,
  status: row.status,
  scheduledDate: isoDay(row.scheduledDate),
  cost: row.cost,
  notes: row.notes,
  startedAt: iso(row.startedAt),
  completedAt: iso(row.completedAt),
  property: { id: row.mainPropertyId, propertyName: row.propertyName },
  unit: row.rentableUnitId === null ? null : { id: row.rentableUnitId, unitName: row.unitName ?? '' },
  incidentId: row.incidentId,
  planId: row.planId,
  provider: row.providerId === null ? null : { id: row.providerId, name: row.providerName ?? '' },
});

export interface MaintenancePlanRow {
  id: number;
  title: string;
  description: string | null;
  intervalMonths: number;
  nextDate: string | Date;
  estimatedCost: string | null;
  isActive: boolean;
  mainPropertyId: number;
  propertyName: string;
  rentableUnitId: number | null;
  unitName: string | null;
  providerId: number | null;
  providerName: string | null;
}

export const presentMaintenancePlan = (row: MaintenancePlanRow): MaintenancePlan => ({
  id: row.id,
  title: row.title,
  description: row.description,
  intervalMonths: row.intervalMonths,
  nextDate: isoDay(row.nextDate),
  estimatedCost: row.estimatedCost,
  isActive: row.isActive,
  property: { id: row.mainPropertyId, propertyName: row.propertyName },
  unit: row.rentableUnitId === null ? null : { id: row.rentableUnitId, unitName: row.unitName ?? '' },
  provider: row.providerId === null ? null : { id: row.providerId, name: row.providerName ?? '' },
});
