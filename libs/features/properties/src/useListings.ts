import { apiRequest, getJson, uploadFile } from '@arrendia/api-client';
import {
  ListingPhotoSchema,
  ManagedListingSchema,
  type ListingCreateData,
  type ListingPhoto,
  type ListingUpdateData,
  type ManagedListing,
} from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { propertyPath, propertyUnitsPath } from './useProperties';

/** GET|PATCH|DELETE /api/listings/:id: a unit's advert as the people who manage it see it. */
export const listingPath = (id: number) => `/api/listings/${id}`;
export const listingKey = (id: number) => [listingPath(id)] as const;

/** After any change to an advert: the property's detail and its units (their `listing`), and the advert itself. */
function invalidateListing(client: QueryClient, propertyId: number, listingId: number) {
  void client.invalidateQueries({ queryKey: [propertyPath(propertyId)] });
  void client.invalidateQueries({ queryKey: [propertyUnitsPath(propertyId)] });
  void client.invalidateQueries({ queryKey: listingKey(listingId) });
}

/** GET /api/listings/:id: the advert, published or withdrawn, with its photos in order (the first is the cover). */
export function useListing(id: number) {
  return useQuery<ManagedListing>({
    queryKey: listingKey(id),
    queryFn: async ({ signal }) => (await getJson(listingPath(id), ManagedListingSchema, signal)).data,
  });
}

/** POST /api/units/:unitId/listing ('Publicar anuncio'): the new advert goes straight into the cache. */
export function usePublishListing(propertyId: number, unitId: number) {
  const client = useQueryClient();
  return useMutation<ManagedListing, Error, ListingCreateData>({
    mutationFn: async (input) => ManagedListingSchema.parse(await (await apiRequest('POST', `/api/units/${unitId}/listing`, input)).json()),
    onSuccess: (listing) => {
      client.setQueryData(listingKey(listing.id), listing);
      invalidateListing(client, propertyId, listing.id);
    },
  });
}

/** PATCH /api/listings/:id ('Editar anuncio'; `{isPublished: true}` is 'Publicar de nuevo'). */
export function useUpdateListing(propertyId: number, id: number) {
  const client = useQueryClient();
  return useMutation<ManagedListing, Error, ListingUpdateData>({
    mutationFn: async (input) => ManagedListingSchema.parse(await (await apiRequest('PATCH', listingPath(id), input)).json()),
    onSuccess: (listing) => {
      client.setQueryData(listingKey(id), listing);
      invalidateListing(client, propertyId, id);
    },
  });
}

/** DELETE /api/listings/:id ('Retirar anuncio'): out of the catalogue; the advert, its photos and leads stay. */
export function useWithdrawListing(propertyId: number, id: number) {
  const client = useQueryClient();
  return useMutation<ManagedListing, Error, void>({
    mutationFn: async () => ManagedListingSchema.parse(await (await apiRequest('DELETE', listingPath(id))).json()),
    onSuccess: (listing) => {
      client.setQueryData(listingKey(id), listing);
      invalidateListing(client, propertyId, id);
    },
  });
}

export interface ListingPhotoUpload {
  file: File;
  /** The upload's progress, 0–100. */
  onProgress?: (percent: number) => void;
}

/** POST /api/listings/:id/photos (multipart, field `file`): one photo, added last. */
export function useUploadListingPhoto(propertyId: number, id: number) {
  const client = useQueryClient();
  return useMutation<ListingPhoto, Error, ListingPhotoUpload>({
    mutationFn: async ({ file, onProgress }) => ListingPhotoSchema.parse(await uploadFile<unknown>(`${listingPath(id)}/photos`, file, onProgress ?? (() => undefined))),
    onSuccess: () => invalidateListing(client, propertyId, id),
  });
}

/** PUT /api/listings/:id/photos/order {photoIds}: every photo id once, the cover first. */
export function useOrderListingPhotos(propertyId: number, id: number) {
  const client = useQueryClient();
  return useMutation<ListingPhoto[], Error, number[]>({
    mutationFn: async (photoIds) => z.array(ListingPhotoSchema).parse(await (await apiRequest('PUT', `${listingPath(id)}/photos/order`, { photoIds })).json()),
    onSuccess: (photos) => {
      // The new order shows at once; the refetch confirms it.
      client.setQueryData<ManagedListing>(listingKey(id), (listing) => (listing ? { ...listing, photos } : listing));
      invalidateListing(client, propertyId, id);
    },
  });
}

/** DELETE /api/listings/:id/photos/:photoId (204). */
export function useDeleteListingPhoto(propertyId: number, id: number) {
  const client = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (photoId) => {
      await apiRequest('DELETE', `${listingPath(id)}/photos/${photoId}`);
    },
    onSuccess: (_data, photoId) => {
      client.setQueryData<ManagedListing>(listingKey(id), (listing) => (listing ? { ...listing, photos: listing.photos.filter((p) => p.id !== photoId) } : listing));
      invalidateListing(client, propertyId, id);
    },
  });
}
