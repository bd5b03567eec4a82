import { z } from 'zod';
import { isValidPostalCode, isValidRefCatastral, normalizePostalCode, normalizeRefCatastral, VALIDATION_MESSAGES } from '@arrendia/locale-es';
import { DEFAULT_COUNTRY, UNIT_STATUSES, UNIT_TYPE_NAMES } from './enums';
import { IdSchema, MoneySchema, optionalText, requiredText } from './common';

const currentYear = () => new Date().getFullYear();

/** Numeric form fields turn an empty value into undefined, otherwise a number (spec §5). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.replace(',', '.')) : v), schema.optional());

/** The property form (spec §3 "Forms", §5). `unitType` creates the property's first unit. */
export const PropertiesCreateSchema = z.object({
  propertyName: requiredText(255, 'El nombre de la propiedad es obligatorio'),
  unitType: z.enum(UNIT_TYPE_NAMES, { error: 'Elige un tipo de unidad válido' }).optional(),
  addressStreet: requiredText(255, 'La calle es obligatoria'),
  addressNumber: optionalText(20),
  addressDetails: optionalText(255),
  city: requiredText(100, 'La ciudad es obligatoria'),
  province: requiredText(100, 'La provincia es obligatoria'),
  postalCode: z
    .string({ error: 'El código postal es obligatorio' })
    .max(10, 'Máximo 10 caracteres')
    .refine(isValidPostalCode, VALIDATION_MESSAGES.postalCode)
    .transform(normalizePostalCode),
  country: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.string().trim().max(100).default(DEFAULT_COUNTRY)),
  totalAreaM2: optionalNumber(z.number({ error: 'Introduce una superficie válida' }).positive('La superficie debe ser mayor que 0').max(99999999, 'La superficie es demasiado grande')),
  buildYear: optionalNumber(
    z.number({ error: 'Introduce un año válido' }).int('Introduce un año válido').min(1800, 'El año de construcción no puede ser anterior a 1800').max(currentYear() + 5, 'El año de construcción no es válido'),
  ),
  refCatastral: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().max(24, 'Máximo 20 caracteres').refine(isValidRefCatastral, VALIDATION_MESSAGES.refCatastral).transform(normalizeRefCatastral).optional(),
  ),
  notes: optionalText(5000),
  /** Whose property it is; who may name another owner than oneself is the API's decision. */
  ownerUserId: IdSchema.optional(),
  managerAgencyId: IdSchema.optional(),
});
export type PropertiesCreateInput = z.input<typeof PropertiesCreateSchema>;
export type PropertiesCreateData = z.output<typeof PropertiesCreateSchema>;

/** Archive or restore a property (Activa / Archivada). */
export const PropertiesUpdateSchema = z.object({ isArchived: z.boolean() }).strict();
export type PropertiesUpdateInput = z.infer<typeof PropertiesUpdateSchema>;

/** A property as lists read it (spec §3 "Property list item", plus what the cards show). */
export const PropertySchema = z.object({
  id: z.number().int(),
  ownerUserId: z.number().int(),
  managerAgencyId: z.number().int().nullable(),
  propertyName: z.string(),
  addressStreet: z.string(),
  addressNumber: z.string().nullable(),
  addressDetails: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
  refCatastral: z.string().nullable(),
  totalAreaM2: MoneySchema.nullable(),
  buildYear: z.number().int().nullable(),
  notes: z.string().nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Property = z.infer<typeof PropertySchema>;

export const UnitTypeSchema = z.object({ id: z.number().int(), typeName: z.string(), description: z.string().nullable() });
export type UnitType = z.infer<typeof UnitTypeSchema>;

export const RentableUnitSchema = z.object({
  id: z.number().int(),
  mainPropertyId: z.number().int(),
  unitTypeId: z.number().int(),
  unitName: z.string(),
  description: z.string().nullable(),
  areaM2: MoneySchema.nullable(),
  currentStatus: z.enum(UNIT_STATUSES),
  baseRentPrice: MoneySchema.nullable(),
  amenities: z.array(z.string()).nullable(),
  isActive: z.boolean(),
});
export type RentableUnit = z.infer<typeof RentableUnitSchema>;
