import { z } from 'zod';
import { IdSchema, listQuerySchema, optionalFilter, optionalText } from './common';

/** A message's life in the outbox (issue 34). */
export const OUTBOX_STATES = ['pendiente', 'enviado', 'fallido', 'no_enviado'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** How the outbox screen names each state. */
export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
  no_enviado: 'No enviado',
};

/** What each kind of message is, as the outbox screen names it. */
export const OUTBOX_KIND_LABELS: Record<string, string> = {
  password_reset: 'Restablecer contraseña',
  tenant_invitation: 'Invitación de inquilino',
  owner_invitation: 'Invitación de propietario',
  email_verification: 'Verificación de correo',
  notification: 'Aviso',
  security: 'Seguridad de la cuenta',
  data_export: 'Exportación de datos',
};

export const outboxKindLabel = (kind: string) => OUTBOX_KIND_LABELS[kind] ?? kind;

/** The fields the outbox sorts by. */
export const OUTBOX_SORTS = ['createdAt', 'attempts'] as const;

/** GET /api/admin/outbox: paging, sort, state, kind and a text searched in the recipient and the subject. */
export const OutboxListQuerySchema = listQuerySchema(OUTBOX_SORTS, {
  state: optionalFilter(z.enum(OUTBOX_STATES, { error: 'Estado no válido' })),
  kind: optionalFilter(z.string().max(50)),
  q: optionalText(100),
});

/** One message of the outbox list. */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  userId: z.number().int().nullable(),
  toAddress: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** GET /api/admin/outbox/:id: the message as rendered, HTML and plain text. */
export const OutboxMessageDetailSchema = OutboxMessageSchema.extend({ html: z.string(), text: z.string(), headers: z.record(z.string(), z.string()) });
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetailSchema>;

export const OutboxIdSchema = z.object({ id: IdSchema });
