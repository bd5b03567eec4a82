import {
  LISTING_DISTRICTS,
  LISTING_PRICE_RANGES,
  LISTING_TYPES,
  LISTINGS_PAGE_SIZE,
  type ListingDistrict,
  type ListingPriceRange,
  type ListingType,
} from '@arrendia/api-contract';

/** The catalogue filters as the URL holds them (shareable, kept on reload). */
export interface CatalogFilters {
  q: string;
  type: ListingType | null;
  district: ListingDistrict | null;
  price: ListingPriceRange | null;
  page: number;
}

/** The value of "no filter" in a select: Radix refuses an empty item value (spec §5). */
export const ALL = 'all';

export const TYPE_OPTIONS = [{ value: ALL, label: 'Todos' }, ...LISTING_TYPES.map((t) => ({ value: t, label: t }))];
export const DISTRICT_OPTIONS = [{ value: ALL, label: 'Todas' }, ...LISTING_DISTRICTS.map((d) => ({ value: d, label: d }))];
export const PRICE_LABELS: Record<ListingPriceRange, string> = {
  'hasta-500': 'Hasta 500 €',
  '500-1000': '500 € - 1.000 €',
  '1000-2000': '1.000 € - 2.000 €',
  'mas-2000': 'Más de 2.000 €',
};
export const PRICE_OPTIONS = [{ value: ALL, label: 'Todos' }, ...LISTING_PRICE_RANGES.map((p) => ({ value: p, label: PRICE_LABELS[p] }))];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (value && (values as readonly string[]).includes(value) ? (value as T) : null);

/** Reads the filters from the URL; unknown values are ignored, as if absent. */
export function readFilters(params: URLSearchParams): CatalogFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.slice(0, 100) ?? '',
    type: oneOf(LISTING_TYPES, params.get('type')),
    district: oneOf(LISTING_DISTRICTS, params.get('district')),
    price: oneOf(LISTING_PRICE_RANGES, params.get('price')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query of a set of filters: only what is set, so the plain catalogue is just /alquiler. */
export function writeFilters(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.district) params.set('district', filters.district);
  if (filters.price) params.set('price', filters.price);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API path of a catalogue page: also its react-query key. */
export function listingsPath(filters: CatalogFilters): string {
  const params = writeFilters(filters);
  params.set('pageSize', String(LISTINGS_PAGE_SIZE));
  return `/api/public/listings?${params.toString()}`;
}
