import { z } from 'zod';
import { IdSchema, MoneySchema, optionalPhone, requiredText } from './common';

/** Listing types of the public catalogue (spec §2 type filter). */
export const LISTING_TYPES = ['Apartamento', 'Habitación', 'Estudio', 'Garaje', 'Local Comercial'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** Districts of the public catalogue (spec §2 district filter). */
export const LISTING_DISTRICTS = ['Chamberí', 'Malasaña', 'Centro', 'La Latina', 'Salamanca'] as const;
export type ListingDistrict = (typeof LISTING_DISTRICTS)[number];

/** Price ranges of the catalogue filter (spec §2), as URL-safe values. */
export const LISTING_PRICE_RANGES = ['hasta-500', '500-1000', '1000-2000', 'mas-2000'] as const;
export type ListingPriceRange = (typeof LISTING_PRICE_RANGES)[number];

/** Bounds of each price range in euros: `min` exclusive, `max` inclusive. */
export const LISTING_PRICE_BOUNDS: Record<ListingPriceRange, { min: number | null; max: number | null }> = {
  'hasta-500': { min: null, max: 500 },
  '500-1000': { min: 500, max: 1000 },
  '1000-2000': { min: 1000, max: 2000 },
  'mas-2000': { min: 2000, max: null },
};

/** Catalogue page size when none is asked for. */
export const LISTINGS_PAGE_SIZE = 12;

/** An empty text means "no filter", as a form or a shared URL gives it. */
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `GET /api/public/listings?q=&type=&district=&price=&page=&pageSize=`; filters combine with AND. */
export const PublicListingsQuerySchema = z.object({
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
  type: z.preprocess(emptyAsUndefined, z.enum(LISTING_TYPES, { error: 'Tipo no válido' }).optional()),
  district: z.preprocess(emptyAsUndefined, z.enum(LISTING_DISTRICTS, { error: 'Zona no válida' }).optional()),
  price: z.preprocess(emptyAsUndefined, z.enum(LISTING_PRICE_RANGES, { error: 'Rango de precio no válido' }).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(LISTINGS_PAGE_SIZE),
});
export type PublicListingsQuery = z.output<typeof PublicListingsQuerySchema>;

/** A listing as the catalogue card shows it (spec §3 "Public catalogue"). Money as exact text. */
export const ListingCardSchema = z.object({
  id: z.number().int(),
  type: z.enum(LISTING_TYPES),
  title: z.string(),
  address: z.string(),
  city: z.string(),
  /** One of the filter's districts, or another zone a publisher typed (issue 32). */
  district: z.string(),
  price: MoneySchema,
  deposit: MoneySchema,
  size: z.number().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  /** Negative: a basement. */
  floor: z.number().int().nullable(),
  hasElevator: z.boolean(),
  furnished: z.boolean(),
  pets: z.boolean(),
  images: z.array(z.string()),
  description: z.string(),
  amenities: z.array(z.string()),
  /** 'YYYY-MM-DD'. */
  availableFrom: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  agency: z.string().nullable(),
  /** When it was published, ISO timestamp. */
  posted: z.string(),
});
export type ListingCard = z.infer<typeof ListingCardSchema>;

/** The property page: the card plus the detail fields. */
export const ListingDetailSchema = ListingCardSchema.extend({
  fullDescription: z.string(),
  nearbyPlaces: z.array(z.string()),
  views: z.number().int(),
  saved: z.number().int(),
  rating: z.number().nullable(),
  reviews: z.number().int(),
});
export type ListingDetail = z.infer<typeof ListingDetailSchema>;

/** The catalogue answer: one page, the total and the rounded average price over ALL matches. */
export const PublicListingsPageSchema = z.object({
  items: z.array(ListingCardSchema),
  total: z.number().int(),
  averagePrice: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PublicListingsPage = z.infer<typeof PublicListingsPageSchema>;

/** `POST /api/public/leads`: the property page's contact form (spec §5 public contact form). */
export const PublicLeadCreateSchema = z.object({
  listingId: IdSchema,
  name: requiredText(100, 'El nombre es obligatorio'),
  email: z
    .string({ error: 'El correo electrónico es obligatorio' })
    .trim()
    .toLowerCase()
    .min(1, 'El correo electrónico es obligatorio')
    .email('Introduce un correo electrónico válido')
    .max(255, 'Máximo 255 caracteres'),
  phone: optionalPhone(),
  message: requiredText(2000, 'El mensaje es obligatorio'),
});
export type PublicLeadCreateInput = z.input<typeof PublicLeadCreateSchema>;
export type PublicLeadCreateData = z.output<typeof PublicLeadCreateSchema>;

/** The answer to a stored lead. */
export const PublicLeadCreatedSchema = z.object({ id: z.number().int(), createdAt: z.string() });
export type PublicLeadCreated = z.infer<typeof PublicLeadCreatedSchema>;

/**
 * `GET /api/public/site`: what the public pages need to know of this installation. The landing's
 * demo block shows only where the demo accounts exist (DEMO_MODE, on unless production: issue 33).
 */
export const PublicSiteSchema = z.object({ demoAccounts: z.boolean() });
export type PublicSite = z.infer<typeof PublicSiteSchema>;
