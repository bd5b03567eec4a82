import { z } from 'zod';
import { clearable, IbanSchema, IdSchema, IsoDateSchema, MoneySchema, NifCifSchema, optionalFilter, optionalPhone, optionalText, PageQuerySchema, PositiveMoneyInputSchema, requiredText } from './common';
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

export const MaintenanceTasksListQuerySchema = PageQuerySchema.extend({
  status: optionalFilter(z.enum(MAINTENANCE_TASK_STATUSES, { error: 'Estado no válido' })),
});

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
