import { z } from 'zod';
import { IdSchema, MoneySchema, PageQuerySchema, PersonSchema, PositiveMoneyInputSchema, optionalFilter, optionalText, requiredText } from './common';
import { INCIDENT_CATEGORIES, INCIDENT_PRIORITIES, INCIDENT_STATUSES } from './enums';

/** The incident form (spec §3 "Forms"). New incidents start as Abierta (decisions.md). */
export const IncidentsCreateSchema = z.object({
  rentableUnitId: IdSchema,
  incidentCategory: z.enum(INCIDENT_CATEGORIES, { error: 'Elige una categoría' }),
  title: requiredText(255, 'El título es obligatorio'),
  description: requiredText(5000, 'La descripción es obligatoria'),
  priority: z.enum(INCIDENT_PRIORITIES, { error: 'Elige una prioridad' }).default('Media'),
  costEstimate: z.preprocess((v) => (v === '' || v === null ? undefined : v), PositiveMoneyInputSchema.optional()),
});
export type IncidentsCreateInput = z.input<typeof IncidentsCreateSchema>;
export type IncidentsCreateData = z.output<typeof IncidentsCreateSchema>;

/** A status move (decisions.md transitions) with what the move may carry. */
export const IncidentsUpdateSchema = z
  .object({
    status: z.enum(INCIDENT_STATUSES, { error: 'Estado no válido' }).optional(),
    priority: z.enum(INCIDENT_PRIORITIES).optional(),
    assignedToUserId: IdSchema.nullable().optional(),
    finalCost: z.preprocess((v) => (v === '' ? undefined : v), PositiveMoneyInputSchema.optional()),
    resolutionNotes: optionalText(5000),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio');
export type IncidentsUpdateInput = z.input<typeof IncidentsUpdateSchema>;

export const IncidentSchema = z.object({
  id: z.number().int(),
  rentableUnitId: z.number().int(),
  contractId: z.number().int().nullable(),
  reportedByUserId: z.number().int().nullable(),
  assignedToUserId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  priority: z.enum(INCIDENT_PRIORITIES),
  incidentCategory: z.enum(INCIDENT_CATEGORIES),
  costEstimate: MoneySchema.nullable(),
  finalCost: MoneySchema.nullable(),
  resolutionNotes: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Incident = z.infer<typeof IncidentSchema>;

/** Incident list record (spec §3): incident, unit, property, reporter. */
export const IncidentListItemSchema = z.object({
  incident: IncidentSchema,
  unit: z.object({ id: z.number().int(), unitName: z.string() }),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
  reporter: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type IncidentListItem = z.infer<typeof IncidentListItemSchema>;

/** GET /api/incidents query: paging plus optional filters. */
export const IncidentsListQuerySchema = PageQuerySchema.extend({
  status: optionalFilter(z.enum(INCIDENT_STATUSES, { error: 'Estado no válido' })),
  priority: optionalFilter(z.enum(INCIDENT_PRIORITIES, { error: 'Prioridad no válida' })),
  propertyId: optionalFilter(IdSchema),
});

export type IncidentsListQuery = z.input<typeof IncidentsListQuerySchema>;

/** One audited change of an incident: who, when, and the status move if there was one. */
export const IncidentHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  changedAt: z.string(),
  /** Null when the user was deleted since. */
  user: PersonSchema.nullable(),
  oldStatus: z.enum(INCIDENT_STATUSES).nullable(),
  newStatus: z.enum(INCIDENT_STATUSES).nullable(),
  /** The fields an update changed (empty for the creation). */
  changedFields: z.array(z.string()),
});

export type IncidentHistoryEntry = z.infer<typeof IncidentHistoryEntrySchema>;

/** GET /api/incidents/:id: the list record plus who it is assigned to and its history, oldest first. */
export const IncidentDetailSchema = IncidentListItemSchema.extend({
  assignee: PersonSchema.nullable(),
  history: z.array(IncidentHistoryEntrySchema),
});

export type IncidentDetail = z.infer<typeof IncidentDetailSchema>;
