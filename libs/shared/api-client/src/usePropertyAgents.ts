import { PersonSchema, type Person } from '@arrendia/api-contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from './getJson';

/**
 * GET /api/properties/:id/agents: the active agents of the agency managing the property, whom its
 * manager (or the super admin) may put in charge of it or of its leads; read only when `enabled`.
 */
export function usePropertyAgents(propertyId: number, enabled: boolean) {
  const path = `/api/properties/${propertyId}/agents`;
  return useQuery<Person[]>({ queryKey: [path], queryFn: async ({ signal }) => (await getJson(path, z.array(PersonSchema), signal)).data, enabled });
}
