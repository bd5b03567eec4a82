import type { ListingCard, ListingDetail, ListingDistrict, ListingType, PublicLeadCreated, PublicListingsPage } from '@arrendia/api-contract';
import { isoDayOrNull } from './dates';

/** A unit_listings row joined with its unit, residential details and agency (see `queries/listings`). */
export interface ListingRow {
  id: number;
  listingType: ListingType;
  title: string;
  address: string;
  city: string;
  district: ListingDistrict;
  price: string;
  deposit: string;
  floor: number | null;
  images: string[];
  description: string;
  fullDescription: string;
  amenities: string[];
  nearbyPlaces: string[];
  availableFrom: string | Date | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  showAgency: boolean;
  views: number;
  saved: number;
  rating: string | null;
  reviews: number;
  publishedAt: Date | string;
  areaM2: string | null;
  numBedrooms: number | null;
  numBathrooms: number | null;
  floorLevel: number | null;
  hasElevator: boolean | null;
  isFurnished: boolean | null;
  allowsPets: boolean | null;
  nombreAgencia: string | null;
}

const isoTime = (value: string | Date): string => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** The catalogue card: the advert's own fields, the unit's size and the residential facts (0/false without them). */
export function presentListingCard(row: ListingRow): ListingCard {
  return {
    id: row.id,
    type: row.listingType,
    title: row.title,
    address: row.address,
    city: row.city,
    district: row.district,
    price: row.price,
    deposit: row.deposit,
    size: row.areaM2 == null ? null : Number(row.areaM2),
    bedrooms: row.numBedrooms ?? 0,
    bathrooms: row.numBathrooms ?? 0,
    floor: row.floorLevel ?? row.floor,
    hasElevator: row.hasElevator ?? false,
    furnished: row.isFurnished ?? false,
    pets: row.allowsPets ?? false,
    images: row.images ?? [],
    description: row.description,
    amenities: row.amenities ?? [],
    availableFrom: isoDayOrNull(row.availableFrom),
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    agency: row.showAgency ? row.nombreAgencia : null,
    posted: isoTime(row.publishedAt),
  };
}

/** The property page: the card plus the description, nearby places and counters. */
export function presentListingDetail(row: ListingRow): ListingDetail {
  return {
    ...presentListingCard(row),
    fullDescription: row.fullDescription,
    nearbyPlaces: row.nearbyPlaces ?? [],
    views: row.views,
    saved: row.saved,
    rating: row.rating == null ? null : Number(row.rating),
    reviews: row.reviews,
  };
}

/** 'Contactar': the stored lead's id and when it was received (POST /api/public/leads). */
export function presentLeadReceipt(lead: { id: number; createdAt: Date | string }): PublicLeadCreated {
  return { id: lead.id, createdAt: new Date(lead.createdAt).toISOString() };
}

/** One page of the public catalogue, with the total and the average price over all matches. */
export function presentListingsPage(
  { rows, total, averagePrice }: { rows: ListingRow[]; total: number; averagePrice: number },
  { page, pageSize }: { page: number; pageSize: number },
): PublicListingsPage {
  return { items: rows.map(presentListingCard), total, averagePrice, page, pageSize };
}
