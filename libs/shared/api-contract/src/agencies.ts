import { isValidCif, normalizeNifCif, VALIDATION_MESSAGES } from '@arrendia/locale-es';
import { z } from 'zod';
import { CommissionRateSchema } from './agency';
import { clearable, listQuerySchema, listSearch, MoneySchema, optionalFilter, optionalPhone, optionalText, requiredText, shownText, SpanishPhoneSchema } from './common';
import { AGENCY_DEFAULTS } from './enums';

// ---------------------------------------------------------------------------------------------
// The agencies of the platform (issue 32): the super admin creates, edits, deactivates and
// reactivates any of them (agencies:manage); an agency manager reads and edits its own.

export const AGENCY_STATUSES = ['activa', 'inactiva'] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];

export const AGENCY_CIF_TAKEN = 'Ya existe una agencia con ese CIF';
export const AGENCY_NOT_FOUND = 'No se ha encontrado la agencia';
export const AGENCY_ACTIVATION_REFUSED = 'Solo el administrador de la plataforma puede activar o desactivar una agencia';
/** What the sign-in answers (403) to a user of a deactivated agency. */
export const AGENCY_DISABLED = 'Tu agencia está desactivada. Contacta con el administrador';

// ---------------------------------------------------------------------------------------------
// Fields

/** A Spanish CIF (locale-es), stored upper-case without separators. */
export const CifSchema = z
  .string({ error: VALIDATION_MESSAGES.cif })
  .trim()
  .max(20, VALIDATION_MESSAGES.cif)
  .transform(normalizeNifCif)
  .refine(isValidCif, VALIDATION_MESSAGES.cif);

const AgencyEmailSchema = z
  .string({ error: 'Indica el correo electrónico de la agencia' })
  .trim()
  .toLowerCase()
  .min(1, 'Indica el correo electrónico de la agencia')
  .email('Introduce un correo electrónico válido')
  .max(255, 'Máximo 255 caracteres');

const agencyFields = {
  nombreAgencia: requiredText(255, 'El nombre de la agencia es obligatorio'),
  cifAgencia: CifSchema,
  direccionFiscal: requiredText(255, 'La dirección fiscal es obligatoria'),
  emailAgencia: AgencyEmailSchema,
};

// ---------------------------------------------------------------------------------------------
// Requests

/** The fields the agencies list sorts by (`?sort=-createdAt`); its own order is by name. */
export const AGENCY_SORTS = ['nombreAgencia', 'commissionRate', 'createdAt'] as const;

/** `GET /api/agencies?q=&status=&sort=`: `q` matches the name, the CIF or the email. */
export const AgenciesListQuerySchema = listQuerySchema(AGENCY_SORTS, {
  q: listSearch(),
  status: optionalFilter(z.enum(AGENCY_STATUSES, { error: 'Estado no válido' })),
});
export type AgenciesListQuery = z.input<typeof AgenciesListQuerySchema>;

/** At most this many agencies in one answer of the directory; `q` narrows them. */
export const AGENCY_DIRECTORY_LIMIT = 50;

/** `GET /api/agencies/directory?q=`: the active agencies an owner may hand a property to; `q` matches the name or the city of its address. */
export const AgencyDirectoryQuerySchema = z.object({ q: optionalFilter(z.string().trim().max(100, 'Máximo 100 caracteres')) });

/** An agency as the directory shows it to an owner choosing one: how to recognise and reach it. */
export const AgencyDirectoryEntrySchema = z.object({
  id: z.number().int(),
  nombreAgencia: z.string(),
  direccionFiscal: z.string().nullable(),
  telefonoAgencia: z.string().nullable(),
  emailAgencia: z.string().nullable(),
});
export type AgencyDirectoryEntry = z.infer<typeof AgencyDirectoryEntrySchema>;

/** 'Nueva agencia' (POST /api/agencies, super admin). The commission rate defaults to the platform's. */
export const AgenciesCreateSchema = z
  .object({
    ...agencyFields,
    telefonoAgencia: optionalPhone(),
    webAgencia: optionalText(255),
    commissionRate: CommissionRateSchema.default(Number(AGENCY_DEFAULTS.commissionRate)),
  })
  .strict();
export type AgenciesCreateInput = z.input<typeof AgenciesCreateSchema>;
export type AgenciesCreateData = z.output<typeof AgenciesCreateSchema>;

/** 'Editar' (PATCH /api/agencies/:id): any field; `isActive` only for the super admin. */
export const AgenciesPatchSchema = z
  .object({
    nombreAgencia: agencyFields.nombreAgencia.optional(),
    cifAgencia: agencyFields.cifAgencia.optional(),
    direccionFiscal: agencyFields.direccionFiscal.optional(),
    emailAgencia: agencyFields.emailAgencia.optional(),
    telefonoAgencia: clearable(SpanishPhoneSchema),
    webAgencia: clearable(shownText().max(255, 'Máximo 255 caracteres')),
    commissionRate: CommissionRateSchema.optional(),
    isActive: z.boolean({ error: 'Debe ser sí o no' }).optional(),
  })
  .strict();
export type AgenciesPatchInput = z.input<typeof AgenciesPatchSchema>;
export type AgenciesPatchData = z.output<typeof AgenciesPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** One agency as the 'Agencias' tab lists it and every write answers it. */
export const AgencyRowSchema = z.object({
  id: z.number().int(),
  nombreAgencia: z.string(),
  cifAgencia: z.string(),
  direccionFiscal: z.string().nullable(),
  telefonoAgencia: z.string().nullable(),
  emailAgencia: z.string().nullable(),
  webAgencia: z.string().nullable(),
  commissionRate: MoneySchema,
  isActive: z.boolean(),
  /** Its users with the role admin_agencia, and with the role agente. */
  managers: z.number().int(),
  agents: z.number().int(),
  createdAt: z.string(),
});
export type AgencyRow = z.infer<typeof AgencyRowSchema>;
