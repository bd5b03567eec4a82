import { apiRequest, getJson } from '@arrendia/api-client';
import {
  OwnerInvitationSchema,
  PropertyDetailSchema,
  PropertyListItemSchema,
  PropertyOwnerOptionSchema,
  PropertySchema,
  type OwnerInvitation,
  type OwnerInvitationsCreateData,
  type PropertiesCreateData,
  type PropertiesUpdateData,
  type Property,
  type PropertyDetail,
  type PropertyListItem,
  type PropertyOwnerOption,
} from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const PROPERTIES_PATH = '/api/properties';
export const PROPERTIES_KEY = [PROPERTIES_PATH] as const;
export const METRICS_KEY = ['/api/dashboard/metrics'] as const;
/** The screen lists up to the API's largest page (the spec shows no paging). */
const LIST_URL = `${PROPERTIES_PATH}?pageSize=100`;

export const propertyPath = (id: number | string) => `${PROPERTIES_PATH}/${id}`;

/** Keys whose figures change when a property is created, archived or deleted, or one of its units changes. */
function invalidatePortfolio(client: QueryClient) {
  for (const key of [PROPERTIES_KEY, METRICS_KEY, ['/api/dashboard/trends'], ['/api/activity?limit=10'], ['/api/units'], ['/api/units?available=true']]) {
    void client.invalidateQueries({ queryKey: key });
  }
}

/** GET /api/properties: the user's properties, newest first; with `ownerId`, only that owner's ('Ver cartera'). */
export function useProperties(ownerId?: number) {
  const url = ownerId === undefined ? LIST_URL : `${LIST_URL}&ownerId=${ownerId}`;
  return useQuery<PropertyListItem[]>({
    queryKey: ownerId === undefined ? PROPERTIES_KEY : [...PROPERTIES_KEY, { ownerId }],
    queryFn: async ({ signal }) => (await getJson(url, z.array(PropertyListItemSchema), signal)).data,
  });
}

/** After a change to one property (or its units): its detail, the list and the figures that count it. */
export function invalidateProperty(client: QueryClient, id: number) {
  void client.invalidateQueries({ queryKey: [propertyPath(id)] });
  invalidatePortfolio(client);
}

/** GET /api/properties/:id: facts, units, contracts, incidents and transactions. */
export function usePropertyDetail(id: string) {
  const path = propertyPath(id);
  return useQuery<PropertyDetail>({
    queryKey: [path],
    queryFn: async ({ signal }) => (await getJson(path, PropertyDetailSchema, signal)).data,
  });
}

/** POST /api/properties, then refresh the list and the dashboard metrics (spec §7). */
export function useCreateProperty() {
  const client = useQueryClient();
  return useMutation<Property, Error, PropertiesCreateData>({
    mutationFn: async (input) => PropertySchema.parse(await (await apiRequest('POST', PROPERTIES_PATH, input)).json()),
    onSuccess: () => invalidatePortfolio(client),
  });
}

/** DELETE /api/properties/:id, then refresh the list. */
export function useDeleteProperty() {
  const client = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest('DELETE', propertyPath(id));
    },
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: [propertyPath(id)] });
      invalidatePortfolio(client);
    },
  });
}

/** PATCH /api/properties/:id {isArchived}: archive or restore. */
export function useArchiveProperty(id: number) {
  const client = useQueryClient();
  return useMutation<Property, Error, boolean>({
    mutationFn: async (isArchived) => PropertySchema.parse(await (await apiRequest('PATCH', propertyPath(id), { isArchived })).json()),
    onSuccess: () => invalidateProperty(client, id),
  });
}

/** PATCH /api/properties/:id with the changed fields ('Editar Propiedad'), then refresh detail and list. */
export function useUpdateProperty(id: number) {
  const client = useQueryClient();
  return useMutation<Property, Error, PropertiesUpdateData>({
    mutationFn: async (input) => PropertySchema.parse(await (await apiRequest('PATCH', propertyPath(id), input)).json()),
    onSuccess: () => invalidateProperty(client, id),
  });
}

export const PROPERTY_OWNERS_PATH = `${PROPERTIES_PATH}/owners`;

/**
 * GET /api/properties/owners: whom agency staff or a delegate may create a property for; read only
 * when `enabled`, and again each time it becomes so (an invited owner joins the choice when it
 * accepts, in another browser).
 */
export function usePropertyOwners(enabled: boolean) {
  return useQuery<PropertyOwnerOption[]>({
    queryKey: [PROPERTY_OWNERS_PATH],
    queryFn: async ({ signal }) => (await getJson(PROPERTY_OWNERS_PATH, z.array(PropertyOwnerOptionSchema), signal)).data,
    enabled,
    staleTime: 0,
  });
}

export const OWNER_INVITATIONS_PATH = '/api/owner-invitations';

/**
 * POST /api/owner-invitations: agency staff invite a new owner by link (issue 32). The owner joins
 * the choice of GET /api/properties/owners only once it accepts, so nothing is refreshed here.
 */
export function useCreateOwnerInvitation() {
  return useMutation<OwnerInvitation, Error, OwnerInvitationsCreateData>({
    mutationFn: async (input) => OwnerInvitationSchema.parse(await (await apiRequest('POST', OWNER_INVITATIONS_PATH, input)).json()),
  });
}
