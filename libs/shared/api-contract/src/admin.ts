import { z } from 'zod';
import { MoneySchema } from './common';
import { UNIT_STATUSES } from './enums';
import { RENTAL_KINDS } from './rentalPlans';

export * from './rentalPlans';

export const ADMIN_ALERT_KINDS = ['remote_down', 'incidents_urgent', 'failed_logins', 'rent_overdue'] as const;
export type AdminAlertKind = (typeof ADMIN_ALERT_KINDS)[number];

export const ADMIN_ALERT_SEVERITIES = ['critica', 'alta'] as const;
export type AdminAlertSeverity = (typeof ADMIN_ALERT_SEVERITIES)[number];

/** Urgente or Alta incidents still open this many hours after they were reported raise an alert. */
export const PRIORITY_INCIDENT_ALERT_HOURS = 48;

/** One of the 'Alertas Críticas': what is wrong, in Spanish, and the screen to act on it. */
export const AdminAlertSchema = z.object({
  kind: z.enum(ADMIN_ALERT_KINDS),
  severity: z.enum(ADMIN_ALERT_SEVERITIES),
  title: z.string(),
  message: z.string(),
  link: z.string(),
});
export type AdminAlert = z.infer<typeof AdminAlertSchema>;

/** One row of 'Rendimiento del Equipo': an agency and the portfolio it manages. */
export const AdminTeamRowSchema = z.object({
  agencyId: z.number().int(),
  name: z.string(),
  /** Active users of the agency with the agente role. */
  agents: z.number().int(),
  /** Active units of the agency's non-archived properties, and the percentage Alquilado (one decimal). */
  units: z.number().int(),
  occupancyRate: z.number(),
  activeContracts: z.number().int(),
  /** Contracts on its properties recorded this Madrid month that are no longer Pendiente. */
  contractsSignedThisMonth: z.number().int(),
  openIncidents: z.number().int(),
  /** The agency's commission rate on the rent collected this month, rounded to the cent. */
  commissionsThisMonth: MoneySchema,
});
export type AdminTeamRow = z.infer<typeof AdminTeamRowSchema>;

/** One line of 'Actividad del Sistema': an audit-log row in Spanish. */
export const AdminActivityItemSchema = z.object({
  id: z.number().int(),
  /** Who did it ('Marta Gil'); null for the system. */
  who: z.string().nullable(),
  /** What happened, e.g. 'Contrato ARR-2026-0003 creado'. */
  what: z.string(),
  /** ISO timestamp. */
  when: z.string(),
  link: z.string().nullable(),
});
export type AdminActivityItem = z.infer<typeof AdminActivityItemSchema>;

/** `GET /api/admin/overview`: the 'Dashboard Administrativo' over the whole platform (super admin). */
export const AdminOverviewSchema = z.object({
  cards: z.object({
    /** Properties that are not archived. */
    properties: z.number().int(),
    activeUsers: z.number().int(),
    /** Rented units over active units of non-archived properties, one decimal. */
    occupancyRate: z.number(),
    /** Incidents Abierta or En Progreso. */
    openIncidents: z.number().int(),
  }),
  alerts: z.array(AdminAlertSchema),
  team: z.array(AdminTeamRowSchema),
  activity: z.array(AdminActivityItemSchema),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/** `GET /api/admin/rental-types?kind=`: whole dwellings ('apartments') or rooms of shared flats ('rooms'). */
export const RentalTypesQuerySchema = z.object({
  kind: z.enum(RENTAL_KINDS, { error: 'Indica apartments o rooms' }),
});

const OccupancySchema = z.object({
  units: z.number().int(),
  occupied: z.number().int(),
  /** occupied over units, one decimal (0 with no units). */
  occupancyRate: z.number(),
});

export const RentalRoomSchema = z.object({
  unitId: z.number().int(),
  name: z.string(),
  status: z.enum(UNIT_STATUSES),
  occupied: z.boolean(),
  /** The first tenant of the room's Activo contract. */
  tenantName: z.string().nullable(),
  /** The Activo contract's rent, else the asking rent; null when neither is known. */
  rent: MoneySchema.nullable(),
});
export type RentalRoom = z.infer<typeof RentalRoomSchema>;

export const RentalBuildingSchema = OccupancySchema.extend({
  propertyId: z.number().int(),
  propertyName: z.string(),
  city: z.string(),
  /** Only for kind 'rooms': each room of the shared flat. */
  rooms: z.array(RentalRoomSchema).optional(),
});
export type RentalBuilding = z.infer<typeof RentalBuildingSchema>;

export const RentalTypesSchema = z.object({
  kind: z.enum(RENTAL_KINDS),
  totals: OccupancySchema.extend({ buildings: z.number().int() }),
  buildings: z.array(RentalBuildingSchema),
  /** The plans of spec §9 with whether the real count of units fits each one's limit. */
  plans: z.array(z.object({ name: z.string(), price: z.number(), limit: z.number().int().nullable(), highlight: z.string().nullable(), fits: z.boolean() })),
  /** The cheapest plan the portfolio fits. */
  currentPlan: z.string(),
});
export type RentalTypes = z.infer<typeof RentalTypesSchema>;
