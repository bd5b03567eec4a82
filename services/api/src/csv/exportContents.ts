import {
  ContractsListQuerySchema,
  DocumentsListQuerySchema,
  IncidentsListQuerySchema,
  LeadsListQuerySchema,
  MaintenanceTasksListQuerySchema,
  NOTIFICATION_PREFERENCE_DEFAULTS,
  PropertiesListQuerySchema,
  ProvidersListQuerySchema,
  RentChargesListQuerySchema,
  TenantsListQuerySchema,
  TransactionsListQuerySchema,
  UnitsListQuerySchema,
  VisitsListQuerySchema,
  type NotificationPreferenceKey,
  type PageQuery,
} from '@arrendia/api-contract';
import { formatDateTime, formatPhone, personName, stripBidiControls } from '@arrendia/locale-es';
import { can, canonicalRole, roleLabel, type Action } from '@arrendia/permissions';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { listSource, type ListFilters, type ListSource } from '../pagination';
import { chargesOf, contractsOf, documentsOf, incidentsOf, leadsOf, propertiesOf, providersOf, tasksOf, tenantsOf, transactionsOf, unitsOf, visitsOf, type ListScope } from '../listSources';
import type { User } from '../models/User';
import { scopeConversations, scopeTenantDocuments } from '../policies/scope';
import { presentDocument, type DocumentRow } from '../presenters/document';
import { withRelatedLabel } from '../queries/documents';
import { messageRows } from '../queries/messages';
import { csvDate, csvDateTime, csvYesNo } from './format';
import { sheetBatches } from './listCsv';
import { DOCUMENTS_SHEET, CONTRACTS_SHEET, INCIDENTS_SHEET, LEADS_SHEET, MAINTENANCE_TASKS_SHEET, PROPERTIES_SHEET, PROVIDERS_SHEET, RENT_CHARGES_SHEET, TENANTS_SHEET, TRANSACTIONS_SHEET, UNITS_SHEET, VISITS_SHEET } from './sheets';
import { sheetHeader, sheetLines, type CsvSheet } from './sheet';

/**
 * What 'Exportar mis datos' (issue 35, point 2) puts in the ZIP for one user: a CSV per list the
 * user's role may read, each from the list's own source and sheet (listSources.ts, sheets.ts) with
 * no filter, so it holds exactly the rows the list pages through; a tenant's documents as the
 * tenant portal shows them; the user's profile and the messages of their conversations; the
 * documents' files; and LEEME.txt describing every file. The ZIP itself is written by
 * commands/dataExporter.ts.
 */

/** Every row: an export is never cut as a list's CSV is. */
const NO_LIMIT = Number.POSITIVE_INFINITY;

/** The documents whose files go in documentos/. */
export interface DocumentFile {
  id: number;
  fileName: string;
  filePath: string;
}

/** One CSV of the ZIP: its name, what it holds, its header and its lines (read batch by batch; `counted` gets each batch's row count). */
export interface ExportCsv {
  file: string;
  description: string;
  header: string[];
  lines: (counted: (rows: number) => void) => AsyncIterable<string>;
}

/** A list's query without page, sort or filter: the list as its screen first shows it. */
function unfiltered<S extends z.ZodType<PageQuery>>(schema: S): ListFilters<S> {
  const { page: _page, pageSize: _pageSize, ...filters } = schema.parse({}) as PageQuery & Record<string, unknown>;
  return filters as unknown as ListFilters<S>;
}

interface Part {
  csv: (scope: ListScope, documents: DocumentFile[]) => ExportCsv;
}

interface ListPart extends Part {
  /** The list's permission (the gate of its GET route). */
  action: Action;
}

/** A list of the product as a part of the export: `source` is the list's own, under no filter. */
function listPart<S extends z.ZodType<PageQuery>, Row, Item>(
  action: Action,
  schema: S,
  sheet: CsvSheet<Item>,
  source: (scope: ListScope, filters: ListFilters<S>) => ListSource<Row, Item>,
  description: string,
  keepsFiles = false,
): ListPart {
  return {
    action,
    csv: (scope, documents) => ({
      file: `${sheet.name}.csv`,
      description,
      header: sheetHeader(sheet),
      lines: (counted) =>
        sheetBatches(scope.knex, source(scope, unfiltered(schema)), sheet, NO_LIMIT, (rows) => {
          counted(rows.length);
          if (keepsFiles) documents.push(...(rows as unknown as DocumentFile[]));
        }),
    }),
  };
}

/** The lists of the product with a table, in the order of the menus; each one the user's role may read. */
const LIST_PARTS: readonly ListPart[] = [
  listPart('properties:read', PropertiesListQuerySchema, PROPERTIES_SHEET, propertiesOf, 'Las propiedades (inmuebles) que ves en Propiedades, con sus cifras.'),
  listPart('units:read', UnitsListQuerySchema, UNITS_SHEET, unitsOf, 'Las unidades (pisos, locales, habitaciones…) de las propiedades que gestionas.'),
  listPart('contracts:read', ContractsListQuerySchema, CONTRACTS_SHEET, contractsOf, 'Los contratos de alquiler que ves en Contratos.'),
  listPart('tenants:read', TenantsListQuerySchema, TENANTS_SHEET, tenantsOf, 'Los inquilinos de tus contratos: una fila por inquilino y contrato.'),
  listPart('transactions:read', TransactionsListQuerySchema, TRANSACTIONS_SHEET, transactionsOf, 'Los ingresos y gastos (movimientos) que ves en Finanzas.'),
  listPart('payments:read', RentChargesListQuerySchema, RENT_CHARGES_SHEET, chargesOf, 'Los recibos mensuales de alquiler y su estado de pago.'),
  listPart('incidents:read', IncidentsListQuerySchema, INCIDENTS_SHEET, incidentsOf, 'Las incidencias (averías, reparaciones…) que ves en Incidencias.'),
  listPart('documents:read', DocumentsListQuerySchema, DOCUMENTS_SHEET, documentsOf, 'Los documentos que ves en Documentos; sus archivos están en la carpeta documentos/.', true),
  listPart('maintenance:read', MaintenanceTasksListQuerySchema, MAINTENANCE_TASKS_SHEET, tasksOf, 'Las tareas de mantenimiento programadas y realizadas.'),
  listPart('maintenance:read', ProvidersListQuerySchema, PROVIDERS_SHEET, providersOf, 'Los proveedores (fontaneros, electricistas…) con los que trabajas.'),
  listPart('leads:handle', LeadsListQuerySchema, LEADS_SHEET, leadsOf, 'Los clientes potenciales que han preguntado por tus anuncios.'),
  listPart('visits:manage', VisitsListQuerySchema, VISITS_SHEET, visitsOf, 'Las visitas a inmuebles programadas por la agencia.'),
];

/**
 * A tenant's documents as the tenant portal shows them: those of its contracts (the contract's
 * page) and the photos of the incidents it sees. Newest first, as the documents list.
 */
function tenantDocumentsOf({ knex, user }: ListScope): ListSource<DocumentRow, ReturnType<typeof presentDocument>> {
  const query = scopeTenantDocuments(
    knex,
    knex('documents').leftJoin('users as uploader', 'uploader.id', 'documents.uploadedByUserId').select('documents.*', 'uploader.firstName as uploaderFirstName', 'uploader.lastName as uploaderLastName'),
    user,
  ).orderBy([
      { column: 'documents.createdAt', order: 'desc' },
      { column: 'documents.id', order: 'desc' },
    ]);
  return listSource(query, (rows: DocumentRow[]) => rows.map((r) => presentDocument(r, false)), { decorate: withRelatedLabel(knex) });
}

const TENANT_DOCUMENTS: Part = {
  csv: (scope, documents) => ({
    file: `${DOCUMENTS_SHEET.name}.csv`,
    description: 'Los documentos de tus contratos y las fotos de tus incidencias; sus archivos están en la carpeta documentos/.',
    header: sheetHeader(DOCUMENTS_SHEET),
    lines: (counted) =>
      sheetBatches(scope.knex, tenantDocumentsOf(scope), DOCUMENTS_SHEET, NO_LIMIT, (rows) => {
        counted(rows.length);
        documents.push(...rows);
      }),
  }),
};

// ---------------------------------------------------------------------------------------------
// The user's own data: profile and settings, messages

const NOTIFICATION_LABELS: Readonly<Record<NotificationPreferenceKey, string>> = {
  email: 'Notificaciones por email',
  push: 'Notificaciones push',
  sms: 'Notificaciones por SMS',
  incidentAlerts: 'Alertas de incidencias',
  paymentReminders: 'Recordatorios de pago',
  contractExpiry: 'Vencimiento de contratos',
  monthlyReports: 'Reportes mensuales',
};

type ProfileItem = User & { agencyName: string | null };

/** perfil.csv: the personal data Arrendia holds about the user and their settings, one row. */
export const PROFILE_SHEET: CsvSheet<ProfileItem> = {
  name: 'perfil',
  columns: [
    { header: 'Nombre', value: (u) => u.firstName },
    { header: 'Apellidos', value: (u) => u.lastName },
    { header: 'Email', value: (u) => u.email },
    { header: 'Email confirmado', value: (u) => csvYesNo(Boolean(u.emailVerifiedAt)) },
    { header: 'Teléfono', value: (u) => (u.telefono ? formatPhone(u.telefono) : '') },
    { header: 'NIF/CIF', value: (u) => u.nifCif },
    { header: 'Dirección fiscal', value: (u) => u.direccionFiscal },
    { header: 'IBAN', value: (u) => u.ibanBancaria },
    { header: 'Foto de perfil', value: (u) => csvYesNo(Boolean(u.profileImageUrl)) },
    { header: 'Rol', value: (u) => roleLabel(u.role?.roleName) },
    { header: 'Agencia', value: (u) => u.agencyName },
    { header: 'Idioma', value: (u) => u.preferredLanguage },
    { header: 'Alta', value: (u) => csvDate(new Date(u.createdAt).toISOString()) },
    { header: 'Último acceso', value: (u) => (u.lastLogin ? csvDateTime(new Date(u.lastLogin).toISOString()) : 'Nunca') },
    { header: 'Último cambio de contraseña', value: (u) => (u.lastPasswordChange ? csvDateTime(new Date(u.lastPasswordChange).toISOString()) : '') },
    { header: 'Verificación en dos pasos', value: (u) => csvYesNo(Boolean(u.twoFactorEnabledAt)) },
    { header: 'Cierre de sesión por inactividad (minutos)', value: (u) => String(u.sessionTimeoutMinutes) },
    { header: 'Avisos de inicio de sesión', value: (u) => csvYesNo(u.loginNotifications) },
    ...(Object.keys(NOTIFICATION_PREFERENCE_DEFAULTS) as NotificationPreferenceKey[]).map((key) => ({
      header: NOTIFICATION_LABELS[key],
      value: (u: ProfileItem) => csvYesNo({ ...NOTIFICATION_PREFERENCE_DEFAULTS, ...(u.notificationPrefs ?? {}) }[key]),
    })),
  ],
};

interface MessageItem {
  conversationId: number;
  conversationTitle: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderUserId: number | null;
  sentAt: Date | string;
  content: string;
}

/** mensajes.csv: every message of the conversations the user takes part in. */
export const MESSAGES_SHEET: CsvSheet<MessageItem> = {
  name: 'mensajes',
  columns: [
    { header: 'Conversación', value: (m) => m.conversationTitle || `Conversación n.º ${m.conversationId}` },
    { header: 'Fecha', value: (m) => csvDateTime(new Date(m.sentAt).toISOString()) },
    { header: 'Remitente', value: (m) => (m.senderUserId === null ? 'Usuario eliminado' : personName({ firstName: m.senderFirstName, lastName: m.senderLastName })) },
    { header: 'Mensaje', value: (m) => m.content },
  ],
};

/** The messages of the user's conversations, conversation by conversation, oldest first. */
function messagesOf({ knex, user }: ListScope): ListSource<MessageItem, MessageItem> {
  const query = scopeConversations(knex, messageRows(knex).join('conversations', 'conversations.id', 'messages.conversationId').select('conversations.title as conversationTitle'), user).orderBy([
    { column: 'messages.conversationId', order: 'asc' },
    { column: 'messages.sentAt', order: 'asc' },
    { column: 'messages.id', order: 'asc' },
  ]);
  return listSource(query, (rows: MessageItem[]) => rows);
}

/** The user with its role and agency name, as perfil.csv reads it. */
async function profileOf(knex: Knex, user: User): Promise<ProfileItem> {
  const agency: { nombreAgencia: string } | undefined = user.agencyId ? await knex('agencies').where('id', user.agencyId).first('nombreAgencia') : undefined;
  return Object.assign(user, { agencyName: agency?.nombreAgencia ?? null });
}

// ---------------------------------------------------------------------------------------------
// The whole export

/**
 * The CSVs of `user`'s export, in the ZIP's order: the lists its role may read (a tenant's
 * documents as its portal shows them), then perfil.csv and mensajes.csv. The rows of the
 * documents CSV are added to `documents` as they are read.
 */
export function exportCsvs(scope: ListScope, documents: DocumentFile[]): ExportCsv[] {
  const role = scope.user.role?.roleName;
  const parts: Part[] = LIST_PARTS.filter((part) => can(role, part.action));
  if (!can(role, 'documents:read') && canonicalRole(role) === 'inquilino') parts.push(TENANT_DOCUMENTS);
  return [
    ...parts.map((part) => part.csv(scope, documents)),
    {
      file: `${PROFILE_SHEET.name}.csv`,
      description: 'Tus datos personales y tus preferencias de la cuenta (Configuración).',
      header: sheetHeader(PROFILE_SHEET),
      lines: async function* profile(counted) {
        counted(1);
        yield sheetLines(PROFILE_SHEET, [await profileOf(scope.knex, scope.user)]);
      },
    },
    {
      file: `${MESSAGES_SHEET.name}.csv`,
      description: 'Los mensajes de las conversaciones en las que participas.',
      header: sheetHeader(MESSAGES_SHEET),
      lines: (counted) => sheetBatches(scope.knex, messagesOf(scope), MESSAGES_SHEET, NO_LIMIT, (rows) => counted(rows.length)),
    },
  ];
}

/** Characters no file system takes in a name (and control characters). */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/** A document's place in the ZIP: documentos/<id>-<its original name, made safe for any file system>. */
export function documentEntryName(doc: Pick<DocumentFile, 'id' | 'fileName'>): string {
  const safe = stripBidiControls(doc.fileName).replace(UNSAFE_NAME, '_').replace(/^[.\s]+/, '').trim().slice(0, 150);
  return `documentos/${doc.id}-${safe || 'documento'}`;
}

export interface ReadmeFacts {
  user: User;
  now: Date;
  csvs: readonly { file: string; description: string; header: readonly string[]; rows: number }[];
  documents: number;
  missing: readonly DocumentFile[];
}

/** LEEME.txt: what the export is, when it was made, each CSV with its columns, and the documents (those left out too). */
export function readme({ user, now, csvs, documents, missing }: ReadmeFacts): string {
  const lines = [
    'ARRENDIA · EXPORTACIÓN DE TUS DATOS',
    '',
    `Fecha de la exportación: ${formatDateTime(now)} (hora de Madrid)`,
    `Cuenta: ${personName(user, user.email)} <${user.email}> · ${roleLabel(user.role?.roleName)}`,
    '',
    'Este archivo ZIP es una copia de los datos que Arrendia guarda sobre ti y de los registros que',
    'puedes ver con tu cuenta (derechos de acceso y de portabilidad, artículos 15 y 20 del RGPD).',
    '',
    'Los archivos CSV están separados por punto y coma (;) y codificados en UTF-8 con BOM, para que',
    'Excel en español los abra directamente. Las fechas van como dd/mm/aaaa y los importes en euros',
    'con coma decimal y sin el símbolo €.',
    '',
    'ARCHIVOS CSV',
  ];
  for (const csv of csvs) {
    lines.push('', `${csv.file} (${csv.rows} ${csv.rows === 1 ? 'fila' : 'filas'})`, `  ${csv.description}`, '  Columnas:');
    for (const column of csv.header) lines.push(`  - ${column}`);
  }
  lines.push('', 'DOCUMENTOS');
  if (documents === 0 && missing.length === 0) lines.push('No hay documentos en tu cuenta.');
  else lines.push(`La carpeta documentos/ contiene ${documents} ${documents === 1 ? 'archivo' : 'archivos'}, cada uno con el nombre «<número del documento>-<nombre original>».`);
  for (const doc of missing) lines.push(`- No se ha incluido «${stripBidiControls(doc.fileName)}» (documento n.º ${doc.id}): su archivo ya no está en el almacén.`);
  return `${lines.join('\r\n')}\r\n`;
}
