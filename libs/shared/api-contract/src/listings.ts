import { z } from 'zod';
import { clearable, IdSchema, IsoDateSchema, MoneySchema, optionalPhone, PositiveMoneyInputSchema, requiredText, shownText } from './common';
import { LISTING_TYPES } from './publicListings';
import type { UnitTypeName } from './enums';

/**
 * A unit's advert in the public catalogue, as the people who manage the unit publish and keep it
 * (issue 32, point 5): `POST /api/units/:id/listing`, `GET|PATCH|DELETE /api/listings/:id`,
 * `POST /api/listings/:id/photos`, `PUT /api/listings/:id/photos/order`,
 * `DELETE /api/listings/:id/photos/:photoId`.
 */

/** At most this many photos per listing (issue 32: "up to 20 photos"). */
export const LISTING_PHOTO_MAX = 20;
/** The photo types accepted, checked on the bytes by the API (the form's `accept` and first check too). */
export const LISTING_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest photo accepted, before resizing: what a phone camera gives. */
export const LISTING_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** The most pixels a photo may have (a 50 MP camera); more is refused before it is decoded. */
export const LISTING_PHOTO_MAX_PIXELS = 50_000_000;
/**
 * The widths each photo is kept at, in WebP and JPEG: the gallery's thumbnails (200 CSS px), the
 * catalogue card (about 400) and the page's main photo (800), each also for 2x screens.
 */
export const LISTING_PHOTO_WIDTHS = [320, 640, 1280] as const;
export type ListingPhotoWidth = (typeof LISTING_PHOTO_WIDTHS)[number];

/** The public address of one size of a stored photo; the format (WebP or JPEG) follows the browser's Accept. */
export const listingPhotoUrl = (photoId: number, width: ListingPhotoWidth) => `/api/public/listing-photos/${photoId}/${width}`;

const PHOTO_URL = /^\/api\/public\/listing-photos\/(\d+)\/\d+$/;

/**
 * The `srcset` of a listing image: every kept width of an uploaded photo, or undefined for an
 * image that is not one (the seed's placeholders).
 */
export function listingPhotoSrcSet(url: string): string | undefined {
  const match = PHOTO_URL.exec(url);
  if (!match) return undefined;
  return LISTING_PHOTO_WIDTHS.map((w) => `${listingPhotoUrl(Number(match[1]), w)} ${w}w`).join(', ');
}

export const LISTING_MESSAGES = {
  exists: 'Esta unidad ya tiene un anuncio: edítalo o vuelve a publicarlo',
  rented: 'La unidad tiene un contrato activo: no se puede anunciar',
  archived: 'La unidad o su propiedad están archivadas: restáuralas para anunciarla',
  notFound: 'No se ha encontrado el anuncio',
  photoType: 'El archivo no es una foto JPG, PNG o WebP',
  photoSize: 'La foto supera el máximo de 15 MB',
  photoPixels: 'La foto tiene demasiados píxeles (máximo 50 megapíxeles)',
  photoCount: `Un anuncio admite como máximo ${LISTING_PHOTO_MAX} fotos`,
  photoOrder: 'Indica todas las fotos del anuncio, cada una una vez',
  photoNotFound: 'No se ha encontrado la foto',
  contactPhone: 'El teléfono de contacto es obligatorio: añádelo aquí o en tu perfil',
} as const;

/** At most this many features ('Ascensor', 'Wifi'), each at most 60 characters. */
export const LISTING_FEATURES_MAX = 30;

const textList = (max: number, label: string) =>
  z
    .array(shownText(`Cada ${label} es un texto`).min(1, `Un ${label} no puede estar vacío`).max(60, `Máximo 60 caracteres por ${label}`), { error: `Indica una lista de textos` })
    .max(max, `Como mucho ${max}`);

/** The advert's type in the catalogue that a unit type suggests (the form may choose another). */
export const LISTING_TYPE_FOR_UNIT: Readonly<Record<UnitTypeName, (typeof LISTING_TYPES)[number]>> = {
  vivienda: 'Apartamento',
  habitacion: 'Habitación',
  garaje: 'Garaje',
  trastero: 'Garaje',
  oficina: 'Local Comercial',
  local: 'Local Comercial',
};

/** 'Publicar anuncio' (POST /api/units/:id/listing). The address and city come from the property. */
export const ListingCreateSchema = z
  .object({
    listingType: z.enum(LISTING_TYPES, { error: 'Elige un tipo de anuncio válido' }),
    title: requiredText(255, 'El título es obligatorio'),
    /** The zone the catalogue shows and filters by (the spec's districts, or any other). */
    district: requiredText(50, 'La zona es obligatoria'),
    description: requiredText(10000, 'La descripción es obligatoria'),
    price: PositiveMoneyInputSchema.refine((v) => v > 0, 'El precio debe ser mayor que 0'),
    deposit: PositiveMoneyInputSchema.optional(),
    availableFrom: clearable(IsoDateSchema),
    amenities: textList(LISTING_FEATURES_MAX, 'característica').optional(),
    nearbyPlaces: textList(20, 'lugar cercano').optional(),
    showAgency: z.boolean({ error: 'Debe ser sí o no' }).optional(),
    contactName: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), requiredText(200, 'El nombre de contacto es obligatorio').optional()),
    contactPhone: optionalPhone(),
    contactEmail: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string({ error: 'Introduce un correo electrónico válido' }).trim().toLowerCase().email('Introduce un correo electrónico válido').max(255, 'Máximo 255 caracteres').optional(),
    ),
  })
  .strict();
export type ListingCreateInput = z.input<typeof ListingCreateSchema>;
export type ListingCreateData = z.output<typeof ListingCreateSchema>;

const f = ListingCreateSchema.shape;

/** 'Editar anuncio' and 'Publicar de nuevo' (PATCH /api/listings/:id): each field optional. */
export const ListingUpdateSchema = z
  .object({
    listingType: f.listingType.optional(),
    title: f.title.optional(),
    district: f.district.optional(),
    description: f.description.optional(),
    price: f.price.optional(),
    deposit: f.deposit,
    availableFrom: f.availableFrom,
    amenities: f.amenities,
    nearbyPlaces: f.nearbyPlaces,
    showAgency: f.showAgency,
    contactName: f.contactName,
    contactPhone: f.contactPhone,
    contactEmail: f.contactEmail,
    isPublished: z.boolean({ error: 'Debe ser sí o no' }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio');
export type ListingUpdateInput = z.input<typeof ListingUpdateSchema>;
export type ListingUpdateData = z.output<typeof ListingUpdateSchema>;

/** `PUT /api/listings/:id/photos/order`: every photo id of the listing once, the cover first. */
export const ListingPhotoOrderSchema = z.object({ photoIds: z.array(IdSchema, { error: LISTING_MESSAGES.photoOrder }).max(LISTING_PHOTO_MAX, LISTING_MESSAGES.photoOrder) }).strict();
export type ListingPhotoOrderData = z.output<typeof ListingPhotoOrderSchema>;

export const ListingParamsSchema = z.object({ id: IdSchema });
export const ListingPhotoParamsSchema = z.object({ id: IdSchema, photoId: IdSchema });
export const ListingPhotoFileParamsSchema = z.object({ photoId: IdSchema, width: z.coerce.number().pipe(z.union(LISTING_PHOTO_WIDTHS.map((w) => z.literal(w)) as [z.ZodLiteral<320>, z.ZodLiteral<640>, z.ZodLiteral<1280>])) });

/** One photo of a listing, in its order (the first is the cover). */
export const ListingPhotoSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  /** Its largest kept size; listingPhotoSrcSet gives the others. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/** The listing as the people who keep it see it, published or not. */
export const ManagedListingSchema = z.object({
  id: z.number().int(),
  rentableUnitId: z.number().int(),
  isPublished: z.boolean(),
  listingType: z.enum(LISTING_TYPES),
  title: z.string(),
  address: z.string(),
  city: z.string(),
  district: z.string(),
  description: z.string(),
  price: MoneySchema,
  deposit: MoneySchema,
  availableFrom: z.string().nullable(),
  amenities: z.array(z.string()),
  nearbyPlaces: z.array(z.string()),
  showAgency: z.boolean(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  views: z.number().int(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  photos: z.array(ListingPhotoSchema),
});
export type ManagedListing = z.infer<typeof ManagedListingSchema>;
