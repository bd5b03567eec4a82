import { z } from 'zod';

/** Activity types of spec §3; rows that are none of them have type null. */
export const ACTIVITY_TYPES = ['new_incident', 'payment_received', 'contract_signed', 'incident_resolved'] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_DEFAULT_LIMIT = 10;

export const ACTIVITY_MAX_LIMIT = 50;

/** `GET /api/activity?limit=`: the newest audit-log rows of the user's scope (default 10, at most 50). */
export const ActivityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Indica un número entre 1 y 50' })
    .int('Indica un número entre 1 y 50')
    .min(1, 'Indica un número entre 1 y 50')
    .max(ACTIVITY_MAX_LIMIT, 'Indica un número entre 1 y 50')
    .default(ACTIVITY_DEFAULT_LIMIT),
});

/** One line of 'Actividad Reciente': an audited change of a property, contract, incident or transaction. */
export const ActivityItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES).nullable(),
  /** Spanish, e.g. 'Contrato ARR-2026-0003 creado'. */
  description: z.string(),
  /** ISO timestamp. */
  changedAt: z.string(),
  /** A screen that shows the record, when it still exists and has one ('/contracts/3'). */
  link: z.string().nullable(),
  /** Who did it ('Marta Gil'), when known. */
  actorName: z.string().nullable(),
});

export type ActivityItem = z.infer<typeof ActivityItemSchema>;
