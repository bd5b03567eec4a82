import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, MoneySchema, PersonSchema, PositiveMoneyInputSchema, optionalFilter, optionalText, requiredText } from './common';
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

export const INCIDENT_ONE_ASSIGNEE_ERROR = 'Asigna la incidencia a una persona o a un proveedor, no a ambos';

/**
 * PATCH /api/incidents/:id: a status move (decisions.md transitions) and the handling of the
 * incident from its page (issue 33): its assignee, priority, final cost (optionally written once as
 * an expense of the property), resolution notes, and a maintenance task of the property linked to it.
 */
export const IncidentsUpdateSchema = z
  .object({
    status: z.enum(INCIDENT_STATUSES, { error: 'Estado no válido' }).optional(),
    priority: z.enum(INCIDENT_PRIORITIES, { error: 'Prioridad no válida' }).optional(),
    /** A person of the property's staff (GET /api/incidents/:id/assignees); null unassigns. */
    assignedToUserId: IdSchema.nullable().optional(),
    /** Or a maintenance provider of the property's owner or agency: one assignee at a time, the other is cleared. */
    assignedProviderId: IdSchema.nullable().optional(),
    finalCost: z.preprocess((v) => (v === '' ? undefined : v), PositiveMoneyInputSchema.optional()),
    /** 'Registrar como gasto de la propiedad': the final cost becomes one expense of the property, never a second. */
    recordAsExpense: z.boolean({ error: 'Indica si se registra como gasto' }).optional(),
    resolutionNotes: optionalText(5000),
    /** 'Vincular tarea de mantenimiento': a task of the property, which then answers this incident. */
    maintenanceTaskId: IdSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio')
  .refine((v) => v.assignedToUserId == null || v.assignedProviderId == null, { path: ['assignedProviderId'], message: INCIDENT_ONE_ASSIGNEE_ERROR });
export type IncidentsUpdateInput = z.input<typeof IncidentsUpdateSchema>;
export type IncidentsUpdateData = z.output<typeof IncidentsUpdateSchema>;

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

/** The fields the incidents list sorts by (`?sort=-createdAt`). */
export const INCIDENT_SORTS = ['createdAt', 'title', 'updatedAt'] as const;

/** GET /api/incidents query: paging, sort, and the filters (free text searches title and description). */
export const IncidentsListQuerySchema = listQuerySchema(INCIDENT_SORTS, {
  status: optionalFilter(z.enum(INCIDENT_STATUSES, { error: 'Estado no válido' })),
  priority: optionalFilter(z.enum(INCIDENT_PRIORITIES, { error: 'Prioridad no válida' })),
  propertyId: optionalFilter(IdSchema),
  q: optionalText(100),
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
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
  /** A maintenance task created for this incident (the entry is that creation); null for the incident's own changes. */
  task: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});

export type IncidentHistoryEntry = z.infer<typeof IncidentHistoryEntrySchema>;

/** A maintenance provider as an incident names it. */
export const IncidentProviderSchema = z.object({ id: z.number().int(), name: z.string(), trade: z.string() });
export type IncidentProvider = z.infer<typeof IncidentProviderSchema>;

/**
 * GET /api/incidents/:id: the list record plus who it is assigned to (a person or a provider), the
 * expense its final cost was recorded as (null for a tenant, who does not see the property's money),
 * and its history, oldest first.
 */
export const IncidentDetailSchema = IncidentListItemSchema.extend({
  assignee: PersonSchema.nullable(),
  assignedProvider: IncidentProviderSchema.nullable(),
  expense: z.object({ id: z.number().int(), amount: MoneySchema, transactionDate: z.string() }).nullable(),
  history: z.array(IncidentHistoryEntrySchema),
});

export type IncidentDetail = z.infer<typeof IncidentDetailSchema>;

/**
 * GET /api/incidents/:id/assignees: whom 'Asignar a' offers. The property's staff (its owner, the
 * delegates of its owner, the admins and agents of its agency), active, and the active maintenance
 * providers of its owner or agency, each by name.
 */
export const IncidentAssigneesSchema = z.object({
  staff: z.array(PersonSchema.extend({ roleName: z.string().nullable() })),
  providers: z.array(IncidentProviderSchema),
});
export type IncidentAssignees = z.infer<typeof IncidentAssigneesSchema>;

/** Photos of an incident (issue 12): JPG or PNG, 5 MB each, at most 5 per incident. */
export const INCIDENT_PHOTO_MAX = 5;
export const INCIDENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const INCIDENT_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const INCIDENT_PHOTO_TYPE_ERROR = 'Solo se admiten fotos JPG o PNG';
export const INCIDENT_PHOTO_SIZE_ERROR = 'La foto supera el máximo de 5 MB';
export const INCIDENT_PHOTO_COUNT_ERROR = 'Una incidencia admite como máximo 5 fotos';

export const IncidentPhotoSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileSizeKb: z.number().int(),
  createdAt: z.string(),
  /** Where the image is served from (the incident's scope decides who may fetch it). */
  url: z.string(),
});
export type IncidentPhoto = z.infer<typeof IncidentPhotoSchema>;

/** A comment on an incident, with its author (null once the author is deleted). */
export const IncidentCommentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  author: PersonSchema.extend({ roleName: z.string().nullable() }).nullable(),
});
export type IncidentComment = z.infer<typeof IncidentCommentSchema>;

export const IncidentCommentsCreateSchema = z
  .object({ content: z.string({ error: 'Escribe un comentario' }).trim().min(1, 'Escribe un comentario').max(2000, 'Máximo 2000 caracteres') })
  .strict();
export type IncidentCommentsCreateInput = z.input<typeof IncidentCommentsCreateSchema>;
export type IncidentCommentsCreateData = z.output<typeof IncidentCommentsCreateSchema>;
