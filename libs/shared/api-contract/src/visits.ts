import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, MoneySchema, optionalFilter, optionalPhone, optionalText, PersonSchema } from './common';
import { VISIT_STATUSES, VISIT_TYPES } from './enums';

/** An instant with its offset ('2026-11-26T17:00:00.000Z' or '…+01:00'), as a form sends it. */
export const IsoDateTimeSchema = z
  .string({ error: 'Indica la fecha y la hora' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'Indica la fecha y la hora')
  .refine((v) => !Number.isNaN(new Date(v).getTime()), 'La fecha no existe');

export const VISIT_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const VISIT_OVERLAP_MESSAGE = 'Ya hay una visita de este agente en ese horario';

/** The fields the visits list sorts by (`?sort=-startsAt`); its own order is the soonest first. */
export const VISIT_SORTS = ['startsAt'] as const;

/** `GET /api/visits?from=&to=&status=&mine=true&sort=`: the agency's visits by start time; `from` and `to` are Madrid days, inclusive. */
export const VisitsListQuerySchema = listQuerySchema(VISIT_SORTS, {
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
  status: optionalFilter(z.enum(VISIT_STATUSES, { error: 'Estado no válido' })),
  mine: optionalFilter(z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((v) => v === 'true')),
});
export type VisitsListQuery = z.input<typeof VisitsListQuerySchema>;

/** 'Programar Visita': for a lead (its contact comes along) or for a contact named here. */
export const VisitsCreateSchema = z
  .object({
    leadId: IdSchema.optional(),
    contactName: optionalText(200),
    contactPhone: optionalPhone(),
    contactEmail: z.preprocess((v) => (v === '' ? undefined : v), z.email('Correo electrónico no válido').max(255).optional()),
    rentableUnitId: IdSchema,
    /** Required when a manager books it for one of the agency's agents; an agent books its own. */
    agentUserId: IdSchema.optional(),
    startsAt: IsoDateTimeSchema,
    durationMinutes: z.coerce
      .number({ error: 'Elige una duración' })
      .refine((v) => (VISIT_DURATIONS as readonly number[]).includes(v), 'Elige una duración')
      .default(45),
    notes: optionalText(2000),
  })
  .strict()
  .refine((v) => v.leadId !== undefined || v.contactName !== undefined, { path: ['contactName'], message: 'Indica con quién es la visita' });
export type VisitsCreateInput = z.input<typeof VisitsCreateSchema>;
export type VisitsCreateData = z.output<typeof VisitsCreateSchema>;

/** `PATCH /api/visits/:id`: Programada → Realizada or Cancelada, and notes. */
export const VisitsUpdateSchema = z
  .object({
    status: z.enum(VISIT_STATUSES, { error: 'Estado no válido' }).optional(),
    notes: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(2000, 'Máximo 2000 caracteres').nullable().optional()),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'No hay nada que cambiar' });
export type VisitsUpdateInput = z.input<typeof VisitsUpdateSchema>;

export const VisitSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int().nullable(),
  contactName: z.string(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(VISIT_STATUSES),
  visitType: z.enum(VISIT_TYPES),
  notes: z.string().nullable(),
  unit: z.object({ id: z.number().int(), unitName: z.string() }),
  property: z.object({ id: z.number().int(), propertyName: z.string(), address: z.string() }),
  agent: PersonSchema,
});
export type Visit = z.infer<typeof VisitSchema>;

/** `GET /api/agents/me/performance`: this month's figures against the agent's monthly target (spec §9). */
export const AgentPerformanceSchema = z.object({
  month: z.string(),
  leads: z.number().int(),
  visits: z.number().int(),
  signedContracts: z.number().int(),
  /** The agency's commission rate on the rent collected this month on the agent's properties. */
  commissions: MoneySchema,
  commissionRate: MoneySchema,
  monthlyTarget: MoneySchema,
  /** commissions / monthlyTarget, percent with one decimal. */
  progress: z.number(),
});
export type AgentPerformance = z.infer<typeof AgentPerformanceSchema>;

/** `GET /api/agents/me/properties`: the properties an agent is in charge of. */
/** An agent's property as a whole: every active unit rented, a visit to come, or else on offer. */
export const AGENT_PROPERTY_STATUSES = ['Disponible', 'En visita', 'Alquilada'] as const;

export const AgentPropertySchema = z.object({
  id: z.number().int(),
  propertyName: z.string(),
  address: z.string(),
  /** The types of its active units (vivienda, habitacion…), each once, in the spec's order. */
  unitTypes: z.array(z.string()),
  /** The base rents of its active units that are not rented, summed (exact decimal text): what it asks. */
  monthlyRent: MoneySchema,
  status: z.enum(AGENT_PROPERTY_STATUSES),
  units: z.number().int(),
  rentedUnits: z.number().int(),
  openLeads: z.number().int(),
});
export type AgentProperty = z.infer<typeof AgentPropertySchema>;
