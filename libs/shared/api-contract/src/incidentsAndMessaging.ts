import { z } from 'zod';
import { IdSchema, PageQuerySchema, requiredText } from './common';
import { INCIDENT_PRIORITIES, INCIDENT_STATUSES } from './enums';
import { IncidentListItemSchema } from './incidents';

/** An empty query value (`?status=`, what a "todos" select sends) means "no filter". */
const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** GET /api/incidents query: paging plus optional filters. */
export const IncidentsListQuerySchema = PageQuerySchema.extend({
  status: optionalFilter(z.enum(INCIDENT_STATUSES, { error: 'Estado no válido' })),
  priority: optionalFilter(z.enum(INCIDENT_PRIORITIES, { error: 'Prioridad no válida' })),
  propertyId: optionalFilter(IdSchema),
});
export type IncidentsListQuery = z.input<typeof IncidentsListQuerySchema>;

/** A person as a screen names it. */
export const PersonSchema = z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable() });
export type Person = z.infer<typeof PersonSchema>;

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

/** GET /api/notifications query: paging, and `?unread=true` for the unread ones only. */
export const NotificationsListQuerySchema = PageQuerySchema.extend({
  unread: optionalFilter(z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((v) => v === 'true')),
});
export type NotificationsListQuery = z.input<typeof NotificationsListQuerySchema>;

/** GET /api/conversations/:id/messages query: the `limit` messages before `before` (default: the newest). */
export const MessagesListQuerySchema = z.object({
  before: optionalFilter(IdSchema),
  limit: z.coerce.number({ error: 'Indica un número entre 1 y 100' }).int('Indica un número entre 1 y 100').min(1, 'Indica un número entre 1 y 100').max(100, 'Indica un número entre 1 y 100').default(50),
});
export type MessagesListQuery = z.input<typeof MessagesListQuerySchema>;

/** POST /api/conversations: a conversation between the caller and users it may talk to. */
export const ConversationsCreateSchema = z.object({
  title: requiredText(255, 'El título es obligatorio'),
  participantUserIds: z
    .array(IdSchema, { error: 'Elige al menos un participante' })
    .min(1, 'Elige al menos un participante')
    .max(20, 'Como máximo 20 participantes'),
});
export type ConversationsCreateInput = z.input<typeof ConversationsCreateSchema>;

/** GET /api/conversations/contacts: someone the caller may start a conversation with. */
export const ContactSchema = PersonSchema.extend({ roleName: z.string() });
export type Contact = z.infer<typeof ContactSchema>;
