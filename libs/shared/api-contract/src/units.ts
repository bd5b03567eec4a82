import { z } from 'zod';
import { booleanFilter, clearable, IdSchema, listQuerySchema, listSearch, MoneySchema, optionalFilter, optionalNumber, optionalText, PositiveMoneyInputSchema, requiredText, shownText } from './common';
import { UNIT_STATUSES, UNIT_TYPE_NAMES, type UnitTypeName } from './enums';

/** The fields the units list sorts by (`?sort=-baseRentPrice`); its own order is by property, then unit name. */
export const UNIT_SORTS = ['propertyName', 'unitName', 'baseRentPrice'] as const;

/**
 * `GET /api/units?available=&propertyId=&status=&q=&sort=`: the units the user manages (the
 * contract form's choice, paged as every list). `available=true` keeps the active units of
 * non-archived properties with no Activo contract; `q` matches the unit's or the property's name.
 */
export const UnitsListQuerySchema = listQuerySchema(UNIT_SORTS, {
  available: booleanFilter(),
  propertyId: optionalFilter(IdSchema),
  status: optionalFilter(z.enum(UNIT_STATUSES, { error: 'Estado no válido' })),
  q: listSearch(),
});

/** The fields a property's 'Unidades' sorts by; its own order is the active units first, each group in creation order. */
export const PROPERTY_UNIT_SORTS = ['unitName', 'baseRentPrice', 'areaM2'] as const;

/**
 * `GET /api/properties/:id/units?status=&type=&archived=&q=&sort=`: the units of one property, archived
 * ones too, paged; `type` is the unit type's name, `q` part of the unit's name.
 */
export const PropertyUnitsListQuerySchema = listQuerySchema(PROPERTY_UNIT_SORTS, {
  status: optionalFilter(z.enum(UNIT_STATUSES, { error: 'Estado no válido' })),
  type: optionalFilter(z.enum(UNIT_TYPE_NAMES, { error: 'Tipo de unidad no válido' })),
  archived: booleanFilter(),
  q: listSearch(),
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

/** The 404 of a unit the user may not see or change. */
export const UNIT_NOT_FOUND = 'No se ha encontrado la unidad';

/** Unit types that have residential details (unit_details_residential). */
export const RESIDENTIAL_UNIT_TYPES: readonly UnitTypeName[] = ['vivienda', 'habitacion'];
export const isResidentialType = (typeName: string) => (RESIDENTIAL_UNIT_TYPES as readonly string[]).includes(typeName);

/** Where a dwelling's main rooms look out (its residential details). */
export const UNIT_ORIENTATIONS = ['Norte', 'Noreste', 'Este', 'Sureste', 'Sur', 'Suroeste', 'Oeste', 'Noroeste'] as const;
export type UnitOrientation = (typeof UNIT_ORIENTATIONS)[number];

/** The statuses a person sets by hand; 'Alquilado' comes and goes with an Activo contract only. */
export const MANUAL_UNIT_STATUSES = ['Disponible', 'Reservado', 'En mantenimiento'] as const;

export const UNIT_MESSAGES = {
  rentedByContract: 'El estado Alquilado lo pone un contrato activo',
  statusFollowsContract: 'La unidad tiene un contrato activo: su estado lo marca el contrato',
  archiveWithContract: 'No se puede archivar una unidad con un contrato activo',
  detailsNotResidential: 'Solo las viviendas y las habitaciones tienen estos datos',
  duplicateName: 'Ya hay una unidad con ese nombre en esta propiedad',
  archivedProperty: 'La propiedad está archivada: restáurala para añadir unidades',
  archived: 'La unidad está archivada: restáurala para alquilarla',
} as const;

/** At most this many amenities, each at most 60 characters ('Aire acondicionado', 'Trastero'). */
export const UNIT_AMENITIES_MAX = 30;

const bool = (label: string) => z.boolean({ error: `${label}: indica sí o no` });
const intIn = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * unit_details_residential as a form sends it: each field optional (absent keeps the table's
 * default on create and the stored value on edit).
 */
export const ResidentialDetailsInputSchema = z
  .object({
    numBedrooms: optionalNumber(intIn(0, 50, 'Indica un número de dormitorios entre 0 y 50')),
    numBathrooms: optionalNumber(intIn(0, 20, 'Indica un número de baños entre 0 y 20')),
    floorLevel: clearable(optionalNumber(intIn(-5, 200, 'Indica una planta entre -5 y 200'))),
    isFurnished: bool('Amueblado').optional(),
    hasTerrace: bool('Terraza').optional(),
    hasElevator: bool('Ascensor').optional(),
    hasAirConditioning: bool('Aire acondicionado').optional(),
    allowsPets: bool('Mascotas').optional(),
    heatingType: clearable(shownText().max(50, 'Máximo 50 caracteres')),
    energyCertificateRating: clearable(z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G'], { error: 'La calificación energética va de la A a la G' })),
    orientation: clearable(z.enum(UNIT_ORIENTATIONS, { error: 'Elige una orientación válida' })),
  })
  .strict();

const amenitiesInput = z
  .array(shownText('Cada extra es un texto').min(1, 'Un extra no puede estar vacío').max(60, 'Máximo 60 caracteres por extra'), { error: 'Los extras son una lista de textos' })
  .max(UNIT_AMENITIES_MAX, `Como mucho ${UNIT_AMENITIES_MAX} extras`);

/** 'Añadir unidad' (POST /api/properties/:id/units). */
export const UnitCreateSchema = z
  .object({
    unitType: z.enum(UNIT_TYPE_NAMES, { error: 'Elige un tipo de unidad válido' }),
    unitName: requiredText(255, 'El nombre de la unidad es obligatorio'),
    description: optionalText(5000),
    areaM2: optionalNumber(z.number({ error: 'Introduce una superficie válida' }).positive('La superficie debe ser mayor que 0').max(99999999, 'La superficie es demasiado grande')),
    baseRentPrice: z.preprocess((v) => (v === '' || v === null ? undefined : v), PositiveMoneyInputSchema.optional()),
    amenities: amenitiesInput.optional(),
    currentStatus: z.enum(MANUAL_UNIT_STATUSES, { error: UNIT_MESSAGES.rentedByContract }).optional(),
    details: ResidentialDetailsInputSchema.optional(),
  })
  .strict();
export type UnitCreateInput = z.input<typeof UnitCreateSchema>;
export type UnitCreateData = z.output<typeof UnitCreateSchema>;

const unitFields = UnitCreateSchema.shape;

/** 'Editar unidad', archive and restore (PATCH /api/units/:id): each field optional; an optional one sent empty is cleared. */
export const UnitUpdateSchema = z
  .object({
    unitType: unitFields.unitType.optional(),
    unitName: unitFields.unitName.optional(),
    description: clearable(unitFields.description),
    areaM2: clearable(unitFields.areaM2),
    baseRentPrice: clearable(unitFields.baseRentPrice),
    amenities: amenitiesInput.optional(),
    currentStatus: unitFields.currentStatus,
    details: ResidentialDetailsInputSchema.optional(),
    isActive: z.boolean({ error: 'Debe ser sí o no' }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio');
export type UnitUpdateInput = z.input<typeof UnitUpdateSchema>;
export type UnitUpdateData = z.output<typeof UnitUpdateSchema>;

/** The `:id` of a unit path. */
export const UnitParamsSchema = z.object({ id: IdSchema });
