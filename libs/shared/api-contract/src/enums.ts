/**
 * The fixed value sets of the data model (spec §3-§5). The database checks columns against these
 * very lists and the screens offer them, so each is written once, here.
 */
export const UNIT_TYPE_NAMES = ['vivienda', 'habitacion', 'garaje', 'trastero', 'oficina', 'local'] as const;
export type UnitTypeName = (typeof UNIT_TYPE_NAMES)[number];

export const UNIT_TYPE_LABELS: Readonly<Record<UnitTypeName, string>> = {
  vivienda: 'Vivienda completa',
  habitacion: 'Habitación',
  garaje: 'Plaza de garaje',
  trastero: 'Trastero',
  oficina: 'Oficina',
  local: 'Local comercial',
};

export const UNIT_STATUSES = ['Disponible', 'Alquilado', 'Reservado', 'En mantenimiento'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const CONTRACT_STATUSES = ['Pendiente', 'Activo', 'Finalizado'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const DEPOSIT_STATUSES = ['Pendiente', 'Recibida', 'Devuelta'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const INCIDENT_STATUSES = ['Abierta', 'En Progreso', 'Resuelta', 'Cerrada'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_PRIORITIES = ['Baja', 'Media', 'Alta', 'Urgente'] as const;
export type IncidentPriority = (typeof INCIDENT_PRIORITIES)[number];

export const INCIDENT_CATEGORIES = [
  'Fontanería',
  'Electricidad',
  'Calefacción/Aire Acondicionado',
  'Cerrajería',
  'Pintura y Decoración',
  'Electrodomésticos',
  'Zonas Comunes',
  'Ascensor',
  'Otros',
] as const;
export type IncidentCategory = (typeof INCIDENT_CATEGORIES)[number];

export const TRANSACTION_TYPES = ['Ingreso', 'Gasto'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['Completado', 'Pendiente', 'Fallido'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const PAYMENT_METHODS = ['Transferencia', 'Domiciliación', 'Tarjeta', 'Efectivo', 'Bizum'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Allowed incident moves (decisions.md): Abierta → En Progreso → Resuelta → Cerrada, and
 * Resuelta → Abierta to reopen. Cerrada is final.
 */
export const INCIDENT_TRANSITIONS: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  Abierta: ['En Progreso'],
  'En Progreso': ['Resuelta'],
  Resuelta: ['Cerrada', 'Abierta'],
  Cerrada: [],
};

/** Allowed contract moves (decisions.md): Pendiente → Activo → Finalizado (needs a reason). */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractStatus, readonly ContractStatus[]>> = {
  Pendiente: ['Activo'],
  Activo: ['Finalizado'],
  Finalizado: [],
};

export function canMoveIncident(from: IncidentStatus, to: IncidentStatus): boolean {
  return INCIDENT_TRANSITIONS[from].includes(to);
}

export function canMoveContract(from: ContractStatus, to: ContractStatus): boolean {
  return CONTRACT_TRANSITIONS[from].includes(to);
}

/** Contract defaults of spec §9. */
export const CONTRACT_DEFAULTS = {
  paymentDay: 1,
  renewalNoticeDays: 30,
  depositAmount: 0,
  depositStatus: 'Pendiente',
  status: 'Activo',
} as const;

/** Default country of an address (spec §9). */
export const DEFAULT_COUNTRY = 'España';

/** A lead's path through the agent's pipeline (issue 11): Nuevo → Contactado → Visita programada → Cerrado / Descartado. */
export const LEAD_STATUSES = ['Nuevo', 'Contactado', 'Visita programada', 'Cerrado', 'Descartado'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  Nuevo: ['Contactado', 'Visita programada', 'Descartado'],
  Contactado: ['Visita programada', 'Cerrado', 'Descartado'],
  'Visita programada': ['Cerrado', 'Descartado', 'Contactado'],
  Cerrado: [],
  Descartado: [],
};

/** A property visit an agent holds with a lead or contact. */
export const VISIT_STATUSES = ['Programada', 'Realizada', 'Cancelada'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** Agency defaults (issue 11): the commission rate on collected rent, and an agent's monthly target (spec §9 sample 3.500). */
export const AGENCY_DEFAULTS = { commissionRate: '8.00', agentMonthlyTarget: '3500.00' } as const;

/** A maintenance task (issue 11): Programado → En progreso → Completado, or Cancelado before it is done. */
export const MAINTENANCE_TASK_STATUSES = ['Programado', 'En progreso', 'Completado', 'Cancelado'] as const;
export type MaintenanceTaskStatus = (typeof MAINTENANCE_TASK_STATUSES)[number];
export const MAINTENANCE_TASK_TRANSITIONS: Readonly<Record<MaintenanceTaskStatus, readonly MaintenanceTaskStatus[]>> = {
  Programado: ['En progreso', 'Cancelado'],
  'En progreso': ['Completado', 'Cancelado'],
  Completado: [],
  Cancelado: [],
};
/** Spec §4 sample types: planned upkeep or a repair. */
export const MAINTENANCE_TASK_TYPES = ['Preventivo', 'Correctivo'] as const;
export type MaintenanceTaskType = (typeof MAINTENANCE_TASK_TYPES)[number];

/**
 * A principal's report status as its delegated owner sees it (spec §3): 'Al día' when the delegate
 * has generated a report of that owner's portfolio this Madrid month, 'Pendiente informe' otherwise.
 */
export const PRINCIPAL_REPORT_STATUSES = ['Al día', 'Pendiente informe'] as const;
export type PrincipalReportStatus = (typeof PRINCIPAL_REPORT_STATUSES)[number];

/** A lead's priority (spec §4): the agent marks the hot ones 'Alta' (drawn destructive); new leads are 'Media'. */
export const LEAD_PRIORITIES = ['Alta', 'Media'] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];
export const DEFAULT_LEAD_PRIORITY: LeadPriority = 'Media';

/**
 * A visit's type (spec §4): 'Primera visita' when the lead (or, without one, the same contact at the
 * same unit) had no earlier visit that took place or is still to come; 'Segunda visita' for any later one.
 */
export const VISIT_TYPES = ['Primera visita', 'Segunda visita'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
