import { z } from 'zod';
import { INCIDENT_PRIORITIES } from './enums';

export const TASK_KINDS = ['contract_end', 'renewal_notice', 'incident'] as const;

export type TaskKind = (typeof TASK_KINDS)[number];

/** Contract ends within this many days become tasks. */
export const TASK_CONTRACT_END_DAYS = 60;

/** Renewal notices (endDate − renewalNoticeDays) due within this many days become tasks. */
export const TASK_RENEWAL_NOTICE_DAYS = 30;

/** `GET /api/tasks?limit=` (default 20, at most 100). */
export const TasksQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Indica un número entre 1 y 100' })
    .int('Indica un número entre 1 y 100')
    .min(1, 'Indica un número entre 1 y 100')
    .max(100, 'Indica un número entre 1 y 100')
    .default(20),
});

/** One upcoming task: a contract ending, a renewal notice due, or an open incident; sorted by date. */
export const TaskSchema = z.object({
  /** Stable key, e.g. 'contract_end-12'. */
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  /** 'YYYY-MM-DD': the end date, the notice date, or the day the incident was reported. */
  date: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  /** The incident's priority; null for contract tasks. */
  priority: z.enum(INCIDENT_PRIORITIES).nullable(),
});

export type Task = z.infer<typeof TaskSchema>;
