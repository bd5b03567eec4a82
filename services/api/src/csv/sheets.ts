import {
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_ENTITY_LABELS,
  UNIT_TYPE_LABELS,
  type ContractListItem,
  type DocumentItem,
  type IncidentListItem,
  type Lead,
  type MaintenanceTask,
  type PropertyListItem,
  type PropertyUnit,
  type Provider,
  type RentCharge,
  type TenantRow,
  type TransactionListItem,
  type UnitOption,
  type UserRow,
  type Visit,
} from '@arrendia/api-contract';
import { formatPhone, personName } from '@arrendia/locale-es';
import { csvDate, csvDateTime, csvDecimal, csvInteger, csvMoney, csvYesNo } from './format';
import type { CsvSheet } from './sheet';

/**
 * The CSV of each list with a table (issue 35): its columns as its screen shows them, with the
 * screen's Spanish headers and labels, one fact a cell (a contact's email and phone apart), dates
 * dd/MM/yyyy, amounts as numbers with a decimal comma (no '€', which would make them text).
 */

/** A type of unit as the screens name it ('Habitación'); one the labels do not know, as stored. */
const unitTypeLabel = (typeName: string) => (UNIT_TYPE_LABELS as Record<string, string>)[typeName] ?? typeName;
const phone = (value: string | null) => (value ? formatPhone(value) : '');

export const PROPERTIES_SHEET: CsvSheet<PropertyListItem> = {
  name: 'propiedades',
  columns: [
    { header: 'Propiedad', value: (p) => p.propertyName },
    { header: 'Dirección', value: (p) => [p.addressStreet, p.addressNumber, p.addressDetails].filter(Boolean).join(' ') },
    { header: 'Código postal', value: (p) => p.postalCode },
    { header: 'Ciudad', value: (p) => p.city },
    { header: 'Provincia', value: (p) => p.province },
    { header: 'Referencia catastral', value: (p) => p.refCatastral },
    { header: 'Superficie (m²)', value: (p) => csvDecimal(p.totalAreaM2) },
    { header: 'Año de construcción', value: (p) => csvInteger(p.buildYear) },
    { header: 'Unidades', value: (p) => csvInteger(p.unitCount) },
    { header: 'Unidades alquiladas', value: (p) => csvInteger(p.rentedUnits) },
    { header: 'Renta mensual', value: (p) => csvMoney(p.monthlyRent) },
    { header: 'Estado', value: (p) => (p.isArchived ? 'Archivada' : 'Activa') },
    { header: 'Alta', value: (p) => csvDate(p.createdAt) },
  ],
};

/** A property's 'Unidades'. */
export const PROPERTY_UNITS_SHEET: CsvSheet<PropertyUnit> = {
  name: 'unidades',
  columns: [
    { header: 'Unidad', value: (u) => u.unitName },
    { header: 'Tipo', value: (u) => unitTypeLabel(u.unitType.typeName) },
    { header: 'Superficie (m²)', value: (u) => csvDecimal(u.areaM2) },
    { header: 'Estado', value: (u) => u.currentStatus },
    { header: 'Renta mensual', value: (u) => csvMoney(u.baseRentPrice) },
    { header: 'Contrato', value: (u) => u.activeContract?.contractCode ?? 'Libre' },
    { header: 'Anuncio', value: (u) => (u.listing ? (u.listing.isPublished ? 'Publicado' : 'Anuncio retirado') : '') },
    { header: 'Archivada', value: (u) => csvYesNo(!u.isActive) },
  ],
};

/** Every unit the user manages (GET /api/units). */
export const UNITS_SHEET: CsvSheet<UnitOption> = {
  name: 'unidades',
  columns: [
    { header: 'Propiedad', value: (u) => u.propertyName },
    { header: 'Unidad', value: (u) => u.unitName },
    { header: 'Tipo', value: (u) => unitTypeLabel(u.typeName) },
    { header: 'Estado', value: (u) => u.currentStatus },
    { header: 'Renta mensual', value: (u) => csvMoney(u.baseRentPrice) },
    { header: 'Contrato activo', value: (u) => csvYesNo(u.hasActiveContract) },
  ],
};

export const CONTRACTS_SHEET: CsvSheet<ContractListItem> = {
  name: 'contratos',
  columns: [
    { header: 'Código', value: (c) => c.contract.contractCode },
    { header: 'Propiedad', value: (c) => c.property.propertyName },
    { header: 'Unidad', value: (c) => c.unit.unitName },
    { header: 'Estado', value: (c) => c.contract.status },
    { header: 'Inicio', value: (c) => csvDate(c.contract.startDate) },
    { header: 'Fin', value: (c) => csvDate(c.contract.endDate) },
    { header: 'Renta mensual', value: (c) => csvMoney(c.contract.rentAmount) },
    { header: 'Día de pago', value: (c) => csvInteger(c.contract.paymentDay) },
    { header: 'Fianza', value: (c) => csvMoney(c.contract.depositAmount) },
    { header: 'Estado de la fianza', value: (c) => c.contract.depositStatus },
  ],
};

export const TENANTS_SHEET: CsvSheet<TenantRow> = {
  name: 'inquilinos',
  columns: [
    { header: 'Inquilino', value: (r) => personName(r.tenant, r.tenant.email) },
    { header: 'Email', value: (r) => r.tenant.email },
    { header: 'Teléfono', value: (r) => phone(r.tenant.telefono) },
    { header: 'Propiedad', value: (r) => r.property.propertyName },
    { header: 'Unidad', value: (r) => r.unit.unitName },
    { header: 'Contrato', value: (r) => r.contract.contractCode },
    { header: 'Estado', value: (r) => r.status },
    { header: 'Renta mensual', value: (r) => csvMoney(r.contract.rentAmount) },
    { header: 'Inicio', value: (r) => csvDate(r.contract.startDate) },
  ],
};

export const TRANSACTIONS_SHEET: CsvSheet<TransactionListItem> = {
  name: 'transacciones',
  columns: [
    { header: 'Fecha', value: (t) => csvDate(t.transaction.transactionDate) },
    { header: 'Tipo', value: (t) => t.transaction.type },
    { header: 'Categoría', value: (t) => t.category?.categoryName },
    { header: 'Descripción', value: (t) => t.transaction.description },
    { header: 'Importe', value: (t) => csvMoney(t.transaction.amount) },
    { header: 'Método de pago', value: (t) => t.transaction.paymentMethod },
    { header: 'Estado', value: (t) => t.transaction.status },
  ],
};

export const RENT_CHARGES_SHEET: CsvSheet<RentCharge> = {
  name: 'recibos',
  columns: [
    { header: 'Mes', value: (c) => c.period },
    { header: 'Contrato', value: (c) => c.contractCode },
    { header: 'Propiedad', value: (c) => c.propertyName },
    { header: 'Unidad', value: (c) => c.unitName },
    { header: 'Inquilino', value: (c) => c.tenantName },
    { header: 'Importe', value: (c) => csvMoney(c.amount) },
    { header: 'Vence', value: (c) => csvDate(c.dueDate) },
    // As the panel shows it: a transfer awaiting confirmation says so, otherwise Al día / Pendiente / Vencido.
    { header: 'Estado', value: (c) => (c.status === 'Transferencia indicada' ? c.status : c.state) },
    { header: 'Referencia', value: (c) => c.reference },
  ],
};

export const INCIDENTS_SHEET: CsvSheet<IncidentListItem> = {
  name: 'incidencias',
  columns: [
    { header: 'Título', value: (i) => i.incident.title },
    { header: 'Categoría', value: (i) => i.incident.incidentCategory },
    { header: 'Prioridad', value: (i) => i.incident.priority },
    { header: 'Estado', value: (i) => i.incident.status },
    { header: 'Propiedad', value: (i) => i.property.propertyName },
    { header: 'Unidad', value: (i) => i.unit.unitName },
    { header: 'Reportada por', value: (i) => (i.reporter ? personName(i.reporter) : '') },
    { header: 'Fecha', value: (i) => csvDate(i.incident.createdAt) },
    { header: 'Última actualización', value: (i) => csvDate(i.incident.updatedAt) },
  ],
};

const FILE_TYPES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/gif': 'GIF' };

/** The documents' metadata: the files themselves are downloaded one by one. */
export const DOCUMENTS_SHEET: CsvSheet<DocumentItem> = {
  name: 'documentos',
  columns: [
    { header: 'Nombre', value: (d) => d.fileName },
    { header: 'Descripción', value: (d) => d.description },
    { header: 'Categoría', value: (d) => DOCUMENT_CATEGORY_LABELS[d.category] },
    {
      header: 'Vinculado a',
      value: (d) => (d.relatedEntityType && d.relatedEntityId !== null ? `${DOCUMENT_ENTITY_LABELS[d.relatedEntityType]} · ${d.relatedEntityLabel ?? `#${d.relatedEntityId}`}` : 'Sin vincular'),
    },
    { header: 'Tipo', value: (d) => FILE_TYPES[d.fileType] ?? d.fileType },
    { header: 'Tamaño (KB)', value: (d) => csvInteger(d.fileSizeKb) },
    { header: 'Subido', value: (d) => csvDateTime(d.createdAt) },
    { header: 'Subido por', value: (d) => (d.uploadedBy ? personName(d.uploadedBy) : '') },
  ],
};

export const MAINTENANCE_TASKS_SHEET: CsvSheet<MaintenanceTask> = {
  name: 'tareas-mantenimiento',
  columns: [
    { header: 'Tarea', value: (t) => t.title },
    { header: 'Tipo', value: (t) => t.taskType },
    { header: 'Estado', value: (t) => t.status },
    { header: 'Propiedad', value: (t) => t.property.propertyName },
    { header: 'Unidad', value: (t) => t.unit?.unitName },
    { header: 'Fecha', value: (t) => csvDate(t.scheduledDate) },
    { header: 'Proveedor', value: (t) => t.provider?.name ?? 'Sin asignar' },
    { header: 'Coste', value: (t) => csvMoney(t.cost) },
    { header: 'Incidencia', value: (t) => (t.incidentId === null ? '' : `#${t.incidentId}`) },
    { header: 'Notas', value: (t) => t.notes },
  ],
};

export const PROVIDERS_SHEET: CsvSheet<Provider> = {
  name: 'proveedores',
  columns: [
    { header: 'Proveedor', value: (p) => p.name },
    { header: 'Oficio', value: (p) => p.trade },
    { header: 'NIF/CIF', value: (p) => p.nifCif },
    { header: 'Teléfono', value: (p) => phone(p.telefono) },
    { header: 'Email', value: (p) => p.email },
    { header: 'Estado', value: (p) => (p.isActive ? 'Activo' : 'Inactivo') },
  ],
};

export const LEADS_SHEET: CsvSheet<Lead> = {
  name: 'clientes-potenciales',
  columns: [
    { header: 'Nombre', value: (l) => l.name },
    { header: 'Email', value: (l) => l.email },
    { header: 'Teléfono', value: (l) => phone(l.phone) },
    { header: 'Interesado en', value: (l) => l.listing.title },
    { header: 'Propiedad', value: (l) => l.property.propertyName },
    { header: 'Unidad', value: (l) => l.unit.unitName },
    { header: 'Estado', value: (l) => l.status },
    { header: 'Prioridad', value: (l) => l.priority },
    { header: 'Agente asignado', value: (l) => (l.assignedAgent ? personName(l.assignedAgent) : 'Sin agente') },
    { header: 'Recibido', value: (l) => csvDateTime(l.createdAt) },
    { header: 'Mensaje', value: (l) => l.message },
  ],
};

export const VISITS_SHEET: CsvSheet<Visit> = {
  name: 'visitas',
  columns: [
    { header: 'Fecha', value: (v) => csvDateTime(v.startsAt) },
    { header: 'Hasta', value: (v) => csvDateTime(v.endsAt) },
    { header: 'Contacto', value: (v) => v.contactName },
    { header: 'Teléfono', value: (v) => phone(v.contactPhone) },
    { header: 'Email', value: (v) => v.contactEmail },
    { header: 'Propiedad', value: (v) => v.property.propertyName },
    { header: 'Unidad', value: (v) => v.unit.unitName },
    { header: 'Dirección', value: (v) => v.property.address },
    { header: 'Tipo', value: (v) => v.visitType },
    { header: 'Estado', value: (v) => v.status },
    { header: 'Agente', value: (v) => personName(v.agent) },
    { header: 'Notas', value: (v) => v.notes },
  ],
};

export const USERS_SHEET: CsvSheet<UserRow> = {
  name: 'usuarios',
  columns: [
    { header: 'Nombre', value: (u) => personName(u, u.email) },
    { header: 'Email', value: (u) => u.email },
    { header: 'Teléfono', value: (u) => phone(u.telefono) },
    { header: 'Rol', value: (u) => u.role.label },
    { header: 'Agencia', value: (u) => u.agency?.name },
    { header: 'Estado', value: (u) => (u.isActive ? 'Activo' : 'Inactivo') },
    { header: 'Último acceso', value: (u) => (u.lastLogin ? csvDateTime(u.lastLogin) : 'Nunca') },
    { header: 'Alta', value: (u) => csvDate(u.createdAt) },
  ],
};
