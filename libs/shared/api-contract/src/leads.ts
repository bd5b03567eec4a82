import { z } from 'zod';
import { IdSchema, listQuerySchema, optionalFilter, PersonSchema } from './common';
import { LEAD_PRIORITIES, LEAD_STATUSES } from './enums';

/** The fields the leads list sorts by (`?sort=name`); its own order is the newest first. */
export const LEAD_SORTS = ['createdAt', 'name'] as const;

/** `GET /api/leads?status=&mine=true&q=&sort=`: the agency's leads, newest first; `mine` keeps those assigned to the caller. */
export const LeadsListQuerySchema = listQuerySchema(LEAD_SORTS, {
  status: optionalFilter(z.enum(LEAD_STATUSES, { error: 'Estado no válido' })),
  mine: optionalFilter(z.enum(['true', 'false'], { error: 'Usa true o false' }).transform((v) => v === 'true')),
  q: optionalFilter(z.string().trim().max(100, 'Máximo 100 caracteres')),
});
export type LeadsListQuery = z.input<typeof LeadsListQuerySchema>;

/** A visitor's message from a public property page, as the agent's pipeline shows it. */
export const LeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  status: z.enum(LEAD_STATUSES),
  priority: z.enum(LEAD_PRIORITIES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  listing: z.object({ id: z.number().int(), title: z.string() }),
  unit: z.object({ id: z.number().int(), unitName: z.string() }),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
  assignedAgent: PersonSchema.nullable(),
});
export type Lead = z.infer<typeof LeadSchema>;

/** `PATCH /api/leads/:id`: move it along the pipeline (LEAD_TRANSITIONS), set its priority, keep notes, or (manager) reassign it. */
export const LeadsUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: 'Estado no válido' }).optional(),
    priority: z.enum(LEAD_PRIORITIES, { error: 'Elige Alta o Media' }).optional(),
    notes: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(5000, 'Máximo 5000 caracteres').nullable().optional()),
    assignedAgentUserId: IdSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'No hay nada que cambiar' });
export type LeadsUpdateInput = z.input<typeof LeadsUpdateSchema>;
