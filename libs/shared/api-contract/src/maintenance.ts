import { z } from 'zod';
import { clearable, IbanSchema, IdSchema, IsoDateSchema, listQuerySchema, MoneySchema, NifCifSchema, optionalFilter, optionalPhone, optionalText, PositiveMoneyInputSchema, requiredText, shownText, SpanishPhoneSchema } from './common';
import { MAINTENANCE_TASK_STATUSES, MAINTENANCE_TASK_TYPES } from './enums';

const optionalMoney = z.preprocess((v) => (v === '' || v === null ? undefined : v), PositiveMoneyInputSchema.optional());
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), IdSchema.optional());

// ---------------------------------------------------------------------------------------------
// Providers

/** 'Proveedores': a tradesperson or company, with its NIF/CIF and IBAN checked (locale-es). */
export const ProvidersCreateSchema = z
  .object({
    name: requiredText(200, 'El nombre es obligatorio'),
    trade: requiredText(100, 'Indica el oficio (fontanería, electricidad…)'),
    nifCif: NifCifSchema,
    telefono: optionalPhone(),
    email: z.preprocess((v) => (v === '' ? undefined : v), z.email('Introduce un correo electrónico válido').max(255).optional()),
    ibanBancaria: clearable(IbanSchema),
    /** The super admin says whose provider it is; everyone else creates for its own account. */
    agencyId: optionalId,
    ownerUserId: optionalId,
  })
  .strict();
export type ProvidersCreateInput = z.input<typeof ProvidersCreateSchema>;
export type ProvidersCreateData = z.output<typeof ProvidersCreateSchema>;

/**
 * 'Editar' a provider: any of its fields ('' clears the optional ones), and 'Desactivar' /
 * 'Reactivar' (isActive). An inactive provider is not offered for new tasks or plans; the tasks
 * and plans that have it keep it. Whose account it is does not change.
 */
export const ProvidersUpdateSchema = z
  .object({
    name: requiredText(200, 'El nombre es obligatorio').optional(),
    trade: requiredText(100, 'Indica el oficio (fontanería, electricidad…)').optional(),
    nifCif: NifCifSchema.optional(),
    telefono: clearable(SpanishPhoneSchema),
    email: clearable(z.email('Introduce un correo electrónico válido').max(255)),
    ibanBancaria: clearable(IbanSchema),
    isActive: z.boolean({ error: 'Indica si el proveedor está activo' }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Indica al menos un cambio' });
export type ProvidersUpdateInput = z.input<typeof ProvidersUpdateSchema>;
export type ProvidersUpdateData = z.output<typeof ProvidersUpdateSchema>;

/** The field the providers list sorts by (`?sort=-name`). */
export const PROVIDER_SORTS = ['name'] as const;

/** GET /api/providers query: paging, sort, words of the name, NIF/CIF, phone or email (`q`), the trade (`trade`, words of it) and `active`. */
export const ProvidersListQuerySchema = listQuerySchema(PROVIDER_SORTS, {
  q: optionalText(100),
  trade: optionalText(100),
  active: optionalFilter(z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((v) => v === 'true')),
});
export type ProvidersListQuery = z.input<typeof ProvidersListQuerySchema>;

export const ProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  trade: z.string(),
  nifCif: z.string(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  ibanBancaria: z.string().nullable(),
  isActive: z.boolean(),
});
export type Provider = z.infer<typeof ProviderSchema>;

// ---------------------------------------------------------------------------------------------
// Tasks

/** The fields the tasks list sorts by (`?sort=-cost`); its own order is the soonest date first. */
export const MAINTENANCE_TASK_SORTS = ['scheduledDate', 'createdAt', 'cost'] as const;

/**
 * GET /api/maintenance/tasks query: paging, sort, and the filters: status, property, provider,
 * incident, scheduled between `from` and `to` (days, both included) and words of the title or notes (`q`).
 */
export const MaintenanceTasksListQuerySchema = listQuerySchema(MAINTENANCE_TASK_SORTS, {
  status: optionalFilter(z.enum(MAINTENANCE_TASK_STATUSES, { error: 'Estado no válido' })),
  propertyId: optionalFilter(IdSchema),
  providerId: optionalFilter(IdSchema),
  incidentId: optionalFilter(IdSchema),
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
  q: optionalText(100),
});
export type MaintenanceTasksListQuery = z.input<typeof MaintenanceTasksListQuerySchema>;

/** A task by hand (a repair, an inspection): where, what, when, and optionally for which incident and with whom. */
export const MaintenanceTasksCreateSchema = z
  .object({
    title: requiredText(255, 'El título es obligatorio'),
    mainPropertyId: IdSchema,
    rentableUnitId: optionalId,
    incidentId: optionalId,
    providerId: optionalId,
    taskType: z.enum(MAINTENANCE_TASK_TYPES, { error: 'Elige el tipo' }).default('Correctivo'),
    scheduledDate: IsoDateSchema,
    cost: optionalMoney,
    notes: optionalText(2000),
  })
  .strict();
export type MaintenanceTasksCreateInput = z.input<typeof MaintenanceTasksCreateSchema>;
export type MaintenanceTasksCreateData = z.output<typeof MaintenanceTasksCreateSchema>;

/** 'Iniciar Tarea', complete (with its final cost) or cancel; notes. */
export const MaintenanceTasksUpdateSchema = z
  .object({
    status: z.enum(MAINTENANCE_TASK_STATUSES, { error: 'Estado no válido' }).optional(),
    cost: optionalMoney,
    notes: optionalText(2000),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'No hay nada que cambiar' });
export type MaintenanceTasksUpdateInput = z.input<typeof MaintenanceTasksUpdateSchema>;

export const MaintenanceTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  taskType: z.enum(MAINTENANCE_TASK_TYPES),
  status: z.enum(MAINTENANCE_TASK_STATUSES),
  scheduledDate: z.string(),
  cost: MoneySchema.nullable(),
  notes: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
  unit: z.object({ id: z.number().int(), unitName: z.string() }).nullable(),
  incidentId: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  provider: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MaintenanceTask = z.infer<typeof MaintenanceTaskSchema>;

// ---------------------------------------------------------------------------------------------
// Preventive plans

/** 'Preventivo': what, where, every N months, from which date; its first task is booked on that date. */
export const MaintenancePlansCreateSchema = z
  .object({
    title: requiredText(255, 'El título es obligatorio'),
    description: optionalText(2000),
    mainPropertyId: IdSchema,
    rentableUnitId: optionalId,
    providerId: optionalId,
    intervalMonths: z.coerce.number({ error: 'Indica cada cuántos meses' }).int('Indica un número entero de meses').min(1, 'Entre 1 y 120 meses').max(120, 'Entre 1 y 120 meses'),
    nextDate: IsoDateSchema,
    estimatedCost: optionalMoney,
  })
  .strict();
export type MaintenancePlansCreateInput = z.input<typeof MaintenancePlansCreateSchema>;
export type MaintenancePlansCreateData = z.output<typeof MaintenancePlansCreateSchema>;

/** The fields the plans list sorts by (`?sort=title`); its own order is the soonest next date first. */
export const MAINTENANCE_PLAN_SORTS = ['nextDate', 'title'] as const;

/** GET /api/maintenance/plans query: paging, sort, and the filters: property, active or paused (`active`), words of the title or description (`q`). */
export const MaintenancePlansListQuerySchema = listQuerySchema(MAINTENANCE_PLAN_SORTS, {
  propertyId: optionalFilter(IdSchema),
  active: optionalFilter(z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((v) => v === 'true')),
  q: optionalText(100),
});
export type MaintenancePlansListQuery = z.input<typeof MaintenancePlansListQuerySchema>;

/**
 * 'Editar' a plan (its property stays; '' or null clears the unit, provider or cost) and 'Pausar' /
 * 'Reanudar' (isActive). A paused plan books no task; resumed, it books its next one if it has none.
 */
export const MaintenancePlansUpdateSchema = z
  .object({
    title: requiredText(255, 'El título es obligatorio').optional(),
    description: clearable(shownText().max(2000, 'Máximo 2000 caracteres')),
    rentableUnitId: clearable(IdSchema),
    providerId: clearable(IdSchema),
    intervalMonths: z.coerce.number({ error: 'Indica cada cuántos meses' }).int('Indica un número entero de meses').min(1, 'Entre 1 y 120 meses').max(120, 'Entre 1 y 120 meses').optional(),
    nextDate: IsoDateSchema.optional(),
    estimatedCost: clearable(PositiveMoneyInputSchema),
    isActive: z.boolean({ error: 'Indica si el plan está activo' }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Indica al menos un cambio' });
export type MaintenancePlansUpdateInput = z.input<typeof MaintenancePlansUpdateSchema>;
export type MaintenancePlansUpdateData = z.output<typeof MaintenancePlansUpdateSchema>;

export const MaintenancePlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  intervalMonths: z.number().int(),
  nextDate: z.string(),
  estimatedCost: MoneySchema.nullable(),
  isActive: z.boolean(),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
  unit: z.object({ id: z.number().int(), unitName: z.string() }).nullable(),
  provider: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type MaintenancePlan = z.infer<typeof MaintenancePlanSchema>;

/** The four cards of /maintenance, computed on the server over the user's scope. */
export const MaintenanceStatsSchema = z.object({
  pending: z.number().int(),
  doneThisMonth: z.number().int(),
  costThisMonth: MoneySchema,
  /** Days from an incident's report to the completion of its task, one decimal; null with none. */
  averageResponseDays: z.number().nullable(),
});
export type MaintenanceStats = z.infer<typeof MaintenanceStatsSchema>;
