import { z } from 'zod';
import { IdSchema, MoneySchema } from './common';
import { UNIT_STATUSES } from './enums';

/**
 * `GET /api/units?available=&propertyId=`: the units the user manages, for the contract form.
 * `available=true` keeps the active units of non-archived properties with no Activo contract.
 */
export const UnitsListQuerySchema = z.object({
  available: z
    .enum(['true', 'false'], { error: 'Indica true o false' })
    .transform((v) => v === 'true')
    .optional(),
  propertyId: IdSchema.optional(),
});

/** A unit as the contract form offers it: with its property and type (the LAU deposit depends on it). */
export const UnitOptionSchema = z.object({
  id: z.number().int(),
  unitName: z.string(),
  currentStatus: z.enum(UNIT_STATUSES),
  baseRentPrice: MoneySchema.nullable(),
  typeName: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  hasActiveContract: z.boolean(),
});

export type UnitOption = z.infer<typeof UnitOptionSchema>;

/** Whether a unit type is a dwelling for the LAU deposit (one month; two for other uses). */
export const isDwellingType = (typeName: string) => typeName === 'vivienda' || typeName === 'habitacion';
