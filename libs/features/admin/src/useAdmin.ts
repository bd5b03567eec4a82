import { getJson } from '@arrendia/api-client';
import { AdminOverviewSchema, RentalTypesSchema, type AdminOverview, type RentalKind, type RentalTypes } from '@arrendia/api-contract';
import { useQuery } from '@tanstack/react-query';

export const ADMIN_OVERVIEW_PATH = '/api/admin/overview';
export const rentalTypesPath = (kind: RentalKind) => `/api/admin/rental-types?kind=${kind}`;

/** The platform overview of 'Dashboard Administrativo', checked against the contract. */
export const useAdminOverview = () =>
  useQuery<AdminOverview>({ queryKey: [ADMIN_OVERVIEW_PATH], queryFn: async ({ signal }) => (await getJson(ADMIN_OVERVIEW_PATH, AdminOverviewSchema, signal)).data });

/** Buildings, occupancy and plans of one rental type. */
export const useRentalTypes = (kind: RentalKind) =>
  useQuery<RentalTypes>({ queryKey: [rentalTypesPath(kind)], queryFn: async ({ signal }) => (await getJson(rentalTypesPath(kind), RentalTypesSchema, signal)).data });
