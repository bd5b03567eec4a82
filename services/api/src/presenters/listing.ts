import { listingPhotoUrl, LISTING_PHOTO_WIDTHS, type ListingCard, type ListingDetail, type ListingPhoto, type ListingType, type ManagedListing, type PublicLeadCreated, type PublicListingsPage } from '@arrendia/api-contract';
import { isoDayOrNull } from './dates';

/** A unit_listings row joined with its unit, residential details and agency (see `queries/listings`). */
export interface ListingRow {
  id: number;
  listingType: ListingType;
  title: string;
  address: string;
  city: string;
  district: string;
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
  /** Its uploaded photos' ids in order; when there are any they are its images. */
  photoIds?: number[];
}

/** The largest kept size of a photo: `images` and the gallery's main photo; listingPhotoSrcSet gives the rest. */
const largestPhotoUrl = (id: number) => listingPhotoUrl(id, LISTING_PHOTO_WIDTHS[LISTING_PHOTO_WIDTHS.length - 1]);

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
    images: row.photoIds?.length ? row.photoIds.map(largestPhotoUrl) : (row.images ?? []),
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

/** A unit_listings row as stored (queries/listings managedListing). */
export interface ManagedListingRow {
  id: number;
  rentableUnitId: number;
  isPublished: boolean;
  listingType: ListingType;
  title: string;
  address: string;
  city: string;
  district: string;
  fullDescription: string;
  price: string;
  deposit: string;
  availableFrom: string | Date | null;
  amenities: string[];
  nearbyPlaces: string[];
  showAgency: boolean;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  views: number;
  publishedAt: Date | string;
  updatedAt: Date | string;
}

export interface ListingPhotoRow {
  id: number;
  position: number;
  width: number;
  height: number;
}

export function presentListingPhoto(photo: ListingPhotoRow): ListingPhoto {
  return { id: photo.id, position: photo.position, url: largestPhotoUrl(photo.id), width: photo.width, height: photo.height };
}

/** The listing as its publishers edit it (GET|PATCH /api/listings/:id): the full description, photos in order. */
export function presentManagedListing({ listing, photos }: { listing: ManagedListingRow; photos: ListingPhotoRow[] }): ManagedListing {
  return {
    id: listing.id,
    rentableUnitId: listing.rentableUnitId,
    isPublished: listing.isPublished,
    listingType: listing.listingType,
    title: listing.title,
    address: listing.address,
    city: listing.city,
    district: listing.district,
    description: listing.fullDescription,
    price: listing.price,
    deposit: listing.deposit,
    availableFrom: isoDayOrNull(listing.availableFrom),
    amenities: listing.amenities ?? [],
    nearbyPlaces: listing.nearbyPlaces ?? [],
    showAgency: listing.showAgency,
    contactName: listing.contactName,
    contactPhone: listing.contactPhone,
    contactEmail: listing.contactEmail,
    views: listing.views,
    publishedAt: isoTime(listing.publishedAt),
    updatedAt: isoTime(listing.updatedAt),
    photos: photos.map(presentListingPhoto),
  };
}
