import { apiRequest } from '@arrendia/api-client';
import { PropertyDetailSchema, PropertyUnitSchema, type Person, type PropertyDetail, type PropertyUnit, type UnitCreateData, type UnitUpdateData } from '@arrendia/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateProperty, propertyPath } from './useProperties';

const unitPath = (id: number) => `/api/units/${id}`;

/** POST /api/properties/:id/units ('Añadir unidad'), then refresh the detail, the list and the unit choices. */
export function useCreateUnit(propertyId: number) {
  const client = useQueryClient();
  return useMutation<PropertyUnit, Error, UnitCreateData>({
    mutationFn: async (input) => PropertyUnitSchema.parse(await (await apiRequest('POST', `${propertyPath(propertyId)}/units`, input)).json()),
    onSuccess: () => invalidateProperty(client, propertyId),
  });
}

/** PATCH /api/units/:id ('Editar unidad', archive, restore) of a unit of the property, then refresh as above. */
export function useUpdateUnit(propertyId: number, unitId: number) {
  const client = useQueryClient();
  return useMutation<PropertyUnit, Error, UnitUpdateData>({
    mutationFn: async (input) => PropertyUnitSchema.parse(await (await apiRequest('PATCH', unitPath(unitId), input)).json()),
    onSuccess: () => invalidateProperty(client, propertyId),
  });
}

const AssignedAgentSchema = PropertyDetailSchema.pick({ assignedAgent: true });

/** PUT /api/properties/:id/agent {agentUserId}: puts an agent in charge of the property (null: none). */
export function useAssignAgent(propertyId: number) {
  const client = useQueryClient();
  const key = [propertyPath(propertyId)];
  return useMutation<Person | null, Error, number | null>({
    mutationFn: async (agentUserId) => AssignedAgentSchema.parse(await (await apiRequest('PUT', `${propertyPath(propertyId)}/agent`, { agentUserId })).json()).assignedAgent,
    onSuccess: (assignedAgent) => {
      // The select shows the new agent at once; the refetch confirms it.
      client.setQueryData<PropertyDetail>(key, (detail) => (detail ? { ...detail, assignedAgent } : detail));
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
