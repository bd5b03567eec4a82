import { z } from 'zod';
import { IdSchema, MoneySchema, PageQuerySchema } from './common';
import { ContractListItemSchema } from './contracts';
import { IncidentListItemSchema } from './incidents';
import { PropertySchema, RentableUnitSchema, UnitTypeSchema } from './properties';
import { TransactionListItemSchema } from './transactions';

/**
 * `GET /api/properties?page=&pageSize=&archived=&q=`: `archived` keeps only archived (true) or
 * only active (false) properties; `q` matches name, street or city ignoring case and accents.
 * Other parameters are ignored.
 */
export const PropertiesListQuerySchema = PageQuerySchema.extend({
  archived: z
    .enum(['true', 'false'], { error: 'Indica true o false' })
    .transform((v) => v === 'true')
    .optional(),
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'Texto de búsqueda no válido' })
      .trim()
      .max(100, 'Máximo 100 caracteres')
      // PostgreSQL text cannot hold NUL; the engines would fail on it rather than match nothing.
      .refine((v) => !v.includes('\u0000'), 'Texto de búsqueda no válido')
      .optional(),
  ),
});
export type PropertiesListQuery = z.output<typeof PropertiesListQuerySchema>;

/** The `:id` of a property path. */
export const PropertyParamsSchema = z.object({ id: IdSchema });

/**
 * A property card: the property plus the figures of its active units (`isActive`): how many,
 * how many are Alquilado, and the sum of their base rents (exact decimal text).
 */
export const PropertyListItemSchema = PropertySchema.extend({
  unitCount: z.number().int(),
  rentedUnits: z.number().int(),
  monthlyRent: MoneySchema,
});
export type PropertyListItem = z.infer<typeof PropertyListItemSchema>;

/** unit_details_residential: rooms, floor and equipment of a vivienda or habitación. */
export const ResidentialDetailsSchema = z.object({
  numBedrooms: z.number().int(),
  numBathrooms: z.number().int(),
  floorLevel: z.number().int().nullable(),
  isFurnished: z.boolean(),
  hasTerrace: z.boolean(),
  hasElevator: z.boolean(),
  hasAirConditioning: z.boolean(),
  heatingType: z.string().nullable(),
  energyCertificateRating: z.string().nullable(),
  allowsPets: z.boolean(),
});
export type ResidentialDetails = z.infer<typeof ResidentialDetailsSchema>;

/** A unit as a property's detail shows it: with its type and, when residential, its details. */
export const PropertyUnitSchema = RentableUnitSchema.extend({
  unitType: UnitTypeSchema.pick({ id: true, typeName: true }),
  details: ResidentialDetailsSchema.nullable(),
});
export type PropertyUnit = z.infer<typeof PropertyUnitSchema>;

/** At most this many incidents come with a property's detail, the newest first. */
export const PROPERTY_DETAIL_INCIDENTS = 20;
/** At most this many transactions come with a property's detail (spec §9 "Recent transactions: 10"). */
export const PROPERTY_DETAIL_TRANSACTIONS = 10;

/**
 * `GET /api/properties/:id`: the property with its units (in creation order), the contracts of
 * its units (latest start first), their latest incidents and its latest transactions, each in
 * the list record the lists already use.
 */
export const PropertyDetailSchema = PropertySchema.extend({
  units: z.array(PropertyUnitSchema),
  contracts: z.array(ContractListItemSchema),
  incidents: z.array(IncidentListItemSchema).max(PROPERTY_DETAIL_INCIDENTS),
  recentTransactions: z.array(TransactionListItemSchema).max(PROPERTY_DETAIL_TRANSACTIONS),
});
export type PropertyDetail = z.infer<typeof PropertyDetailSchema>;
