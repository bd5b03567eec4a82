import { apiRequest, getJson, useListPage } from '@arrendia/api-client';
import {
  OwnerInvitationSchema,
  PROPERTY_SORTS,
  PROPERTY_UNIT_SORTS,
  PropertyDetailSchema,
  PropertyListItemSchema,
  PropertyOwnerOptionSchema,
  PropertySchema,
  PropertyUnitSchema,
  type OwnerInvitation,
  type OwnerInvitationsCreateData,
  type PropertiesCreateData,
  type PropertiesUpdateData,
  type Property,
  type PropertyDetail,
  type PropertyOwnerOption,
} from '@arrendia/api-contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export const PROPERTIES_PATH = '/api/properties';
export const PROPERTIES_KEY = [PROPERTIES_PATH] as const;
export const METRICS_KEY = ['/api/dashboard/metrics'] as const;

export const propertyPath = (id: number | string) => `${PROPERTIES_PATH}/${id}`;
/** A property's units, the list of its detail's 'Unidades'. */
export const propertyUnitsPath = (id: number | string) => `${propertyPath(id)}/units`;

/** Keys whose figures change when a property is created, archived or deleted, or one of its units changes. */
function invalidatePortfolio(client: QueryClient) {
  for (const key of [PROPERTIES_KEY, METRICS_KEY, ['/api/dashboard/trends'], ['/api/activity?limit=10'], ['/api/units'], ['/api/units?available=true&pageSize=100']]) {
    void client.invalidateQueries({ queryKey: key });
  }
}

/** The filters of the properties list, as the API and the URL name them. */
export const PROPERTY_FILTERS = ['q', 'city', 'archived'] as const;

/**
 * GET /api/properties: the user's properties (the API scopes them), one page, with the list's
 * filters and order in the URL; with `ownerId`, only that owner's ('Ver cartera', fixed by the screen).
 */
export function usePropertyList(ownerId?: number) {
  return useListPage({ path: PROPERTIES_PATH, schema: z.array(PropertyListItemSchema), filters: PROPERTY_FILTERS, sorts: PROPERTY_SORTS, fixed: { ownerId } });
}

/** The filters of a property's units, as the API and the URL name them. */
export const PROPERTY_UNIT_FILTERS = ['q', 'status', 'type', 'archived'] as const;

/** GET /api/properties/:id/units: one page of the property's units, its state in the URL under 'unidades.' (the detail shows other lists). */
export function usePropertyUnitList(id: number) {
  return useListPage({ path: propertyUnitsPath(id), schema: z.array(PropertyUnitSchema), filters: PROPERTY_UNIT_FILTERS, sorts: PROPERTY_UNIT_SORTS, prefix: 'unidades' });
}

/** After a change to one property (or its units): its detail and units, the list and the figures that count it. */
export function invalidateProperty(client: QueryClient, id: number) {
  void client.invalidateQueries({ queryKey: [propertyPath(id)] });
  void client.invalidateQueries({ queryKey: [propertyUnitsPath(id)] });
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
