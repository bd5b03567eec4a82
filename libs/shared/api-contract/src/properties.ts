import { z } from 'zod';
import { isValidPostalCode, isValidRefCatastral, normalizePostalCode, normalizeRefCatastral, VALIDATION_MESSAGES } from '@arrendia/locale-es';
import { booleanFilter, clearable, IdSchema, listQuerySchema, listSearch, MoneySchema, optionalFilter, PersonSchema, optionalNumber, optionalText, requiredText } from './common';
import { ConsentRequestSchema } from './consentRequests';
import { ContractListItemSchema } from './contracts';
import { DEFAULT_COUNTRY, UNIT_STATUSES, UNIT_TYPE_NAMES } from './enums';
import { IncidentListItemSchema } from './incidents';
import { TransactionListItemSchema } from './transactions';
import { UNIT_ORIENTATIONS } from './units';

const currentYear = () => new Date().getFullYear();

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

const createFields = PropertiesCreateSchema.shape;

/**
 * 'Editar Propiedad' and archive/restore (Activa / Archivada): the create form's fields with their
 * messages, each optional; an optional field sent empty or null clears it. The unit type belongs
 * to creation only; owner and managing agency change through consent requests, not here.
 */
export const PropertiesUpdateSchema = z
  .object({
    propertyName: createFields.propertyName.optional(),
    addressStreet: createFields.addressStreet.optional(),
    addressNumber: clearable(createFields.addressNumber),
    addressDetails: clearable(createFields.addressDetails),
    city: createFields.city.optional(),
    province: createFields.province.optional(),
    postalCode: createFields.postalCode.optional(),
    country: createFields.country.optional(),
    totalAreaM2: clearable(createFields.totalAreaM2),
    buildYear: clearable(createFields.buildYear),
    refCatastral: clearable(createFields.refCatastral),
    notes: clearable(createFields.notes),
    isArchived: z.boolean({ error: 'Debe ser sí o no' }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio');
export type PropertiesUpdateInput = z.input<typeof PropertiesUpdateSchema>;
export type PropertiesUpdateData = z.output<typeof PropertiesUpdateSchema>;

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

/** The fields the properties list sorts by (`?sort=propertyName`); its own order is the newest first. */
export const PROPERTY_SORTS = ['createdAt', 'propertyName', 'city'] as const;

/**
 * `GET /api/properties?page=&pageSize=&archived=&ownerId=&city=&q=&sort=`: `archived` keeps only
 * archived (true) or only active (false) properties; `city` and `q` (name, street or city) match
 * ignoring case and accents. Other parameters are ignored.
 */
export const PropertiesListQuerySchema = listQuerySchema(PROPERTY_SORTS, {
  /** One owner's portfolio within the user's scope ('Ver cartera' of the delegated owner). */
  ownerId: optionalFilter(IdSchema),
  archived: booleanFilter(),
  city: listSearch(),
  q: listSearch(),
});

export type PropertiesListQuery = z.output<typeof PropertiesListQuerySchema>;

/** 409 on refCatastral: the referencia catastral names one property only. */
export const DUPLICATE_REF_CATASTRAL = 'Ya existe una propiedad con esa referencia catastral';

/** At most this many owners come in `GET /api/properties/owners`; `q` narrows them. */
export const PROPERTY_OWNERS_LIMIT = 100;

/** `GET /api/properties/owners?q=`: `q` matches name or email ignoring case and accents. */
export const PropertyOwnersQuerySchema = z.object({ q: listSearch() });

/**
 * An owner the user may name as `ownerUserId` of a new property ('Propietario' of 'Nueva
 * Propiedad'): the agency's clients for agency staff, the principals for a delegate; none for an owner.
 */
export const PropertyOwnerOptionSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

export type PropertyOwnerOption = z.infer<typeof PropertyOwnerOptionSchema>;

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
  orientation: z.enum(UNIT_ORIENTATIONS).nullable(),
});

export type ResidentialDetails = z.infer<typeof ResidentialDetailsSchema>;

/** A unit as a property's detail shows it: with its type and, when residential, its details. */
export const PropertyUnitSchema = RentableUnitSchema.extend({
  unitType: UnitTypeSchema.pick({ id: true, typeName: true }),
  details: ResidentialDetailsSchema.nullable(),
  /** Its occupancy: the Activo contract renting it, if any. */
  activeContract: z.object({ id: z.number().int(), contractCode: z.string() }).nullable(),
  /** Its advert in the public catalogue (POST /api/units/:id/listing), published or withdrawn. */
  listing: z.object({ id: z.number().int(), isPublished: z.boolean() }).nullable(),
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
  /** The agent in charge of it (PUT /api/properties/:id/agent), while it is one of its agency's agents. */
  assignedAgent: PersonSchema.nullable(),
  /** The agency managing it, by name. */
  managerAgency: z.object({ id: z.number().int(), nombreAgencia: z.string() }).nullable(),
  /** The agency asked to manage it that has not answered yet (PUT /api/properties/:id/agency), with the request to withdraw. */
  pendingAgencyRequest: z.object({ id: z.number().int(), agency: z.object({ id: z.number().int(), nombreAgencia: z.string() }) }).nullable(),
  units: z.array(PropertyUnitSchema),
  contracts: z.array(ContractListItemSchema),
  incidents: z.array(IncidentListItemSchema).max(PROPERTY_DETAIL_INCIDENTS),
  recentTransactions: z.array(TransactionListItemSchema).max(PROPERTY_DETAIL_TRANSACTIONS),
});

export type PropertyDetail = z.infer<typeof PropertyDetailSchema>;

/** `PUT /api/properties/:id/agent`: the agent in charge of the property, or null for none (the agency's manager, the super admin). */
export const PropertyAgentPutSchema = z.object({ agentUserId: IdSchema.nullable() }).strict();
export type PropertyAgentPutData = z.output<typeof PropertyAgentPutSchema>;

export const PROPERTY_AGENT_MESSAGES = {
  notAgent: 'Elige un agente activo de la agencia que gestiona la propiedad',
  noAgency: 'Ninguna agencia gestiona esta propiedad: no se le puede asignar un agente',
} as const;

/**
 * `PUT /api/properties/:id/agency`: the agency the owner (its delegate, the super admin) hands the
 * property to, or null to take it back. The owner's choice is a consent request the agency accepts.
 */
export const PropertyAgencyPutSchema = z.object({ managerAgencyId: IdSchema.nullable() }).strict();
export type PropertyAgencyPutData = z.output<typeof PropertyAgencyPutSchema>;

/** Its answer: the agency managing the property now, and the request the chosen agency is to answer. */
export const PropertyAgencyResultSchema = z.object({ managerAgencyId: z.number().int().nullable(), pendingRequest: ConsentRequestSchema.nullable() });
export type PropertyAgencyResult = z.infer<typeof PropertyAgencyResultSchema>;

export const PROPERTY_AGENCY_MESSAGES = {
  noSuchAgency: 'Elige una agencia activa de la plataforma',
  otherAgency: 'Otra agencia gestiona esta propiedad: retírasela antes de elegir otra',
} as const;
