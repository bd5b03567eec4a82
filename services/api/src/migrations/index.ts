import type { Knex } from 'knex';
import * as createAuthAndRemotes from './20261121064752_create_auth_and_remotes';
import * as createPortfolioModel from './20261121070000_create_portfolio_model';
import * as listIndexesAndOneActiveContract from './20261121080000_list_indexes_and_one_active_contract';
import * as indexAuditLogByRecord from './20261121090000_index_audit_log_by_record';
import * as createUnitListingsAndLeads from './20261121101500_create_unit_listings_and_leads';
import * as createReportsAndDocumentCategories from './20261121114500_create_reports_and_document_categories';
import * as agencyPipeline from './20261125020000_agency_pipeline';
import * as createMaintenance from './20261125030000_create_maintenance';
import * as createTenantInvitations from './20261125032000_create_tenant_invitations';
import * as principalReports from './20261125090000_principal_reports';
import * as createLiveEvents from './20261125100000_create_live_events';
import * as createRentCharges from './20261125110000_create_rent_charges';
import * as createIncidentComments from './20261125120000_create_incident_comments';
import * as adminAndSettings from './20261126060000_admin_and_settings';
import * as portfolioScaleIndexes from './20261126100000_portfolio_scale_indexes';
import * as openIncidentsIndex from './20261126110000_open_incidents_index';
import * as auditLogActionIndex from './20261126120000_audit_log_action_index';
import * as authChangeNotifications from './20261126150000_auth_change_notifications';
import * as searchTextColumns from './20261126160000_search_text_columns';
import * as propertyIdOnContractsAndIncidents from './20261126163000_property_id_on_contracts_and_incidents';
import * as coveringScopeIndexes from './20261126170000_covering_scope_indexes';
import * as agencyOnFacts from './20261126190000_agency_on_portfolio_rows';
import * as searchTrigramIndexes from './20261126200000_search_trigram_indexes';
import * as leadSenderAddress from './20261126210000_lead_sender_address';
import * as propertySearchInAgencyIndex from './20261127003000_property_search_in_agency_index';
import * as writeNotifications from './20261127060000_write_notifications';
import * as maintenanceEnProgreso from './20261127130000_maintenance_en_progreso';
import * as userPresence from './20261127140000_user_presence';
import * as leadPriority from './20261127150000_lead_priority';
import * as twoFactor from './20261127160000_two_factor';
import * as consentRequests from './20261129100000_consent_requests';
import * as normalisePhones from './20261129130000_normalise_phones';
import * as stripBidiControls from './20261129140000_strip_bidi_controls';
import * as storageQuotas from './20261129120000_storage_quotas';
import * as throttleHits from './20261129150000_throttle_hits';
import * as agencyIsActive from './20261129160000_agency_is_active';
import * as unitOrientation from './20261129170000_unit_orientation';
import * as listingPhotos from './20261204100000_listing_photos';
import * as ownerInvitations from './20261204110000_owner_invitations';
import * as dropUserSessions from './20261204120000_drop_user_sessions';
import * as documentCategories from './20261205110000_document_categories';
import * as incidentHandling from './20261205120000_incident_handling';
import * as reportSchedules from './20261205130000_report_schedules';
import * as outbox from './20261205140000_outbox';
import * as invitationRevocation from './20261205150000_invitation_revocation';
import * as overdueRemindersAndMessageDigests from './20261206090000_overdue_reminders_and_message_digests';
import * as emailVerification from './20261206100000_email_verification';
import * as userErasure from './20261207120000_user_erasure';
import * as createImports from './20261207130000_create_imports';
import * as createDataExports from './20261207140000_create_data_exports';
import * as rentUpdates from './20261207150000_rent_updates';

export interface Migration extends Knex.Migration {
  /** The file name without extension: what knex records in knex_migrations. */
  name: string;
}

/**
 * Every migration, oldest first. A static list instead of a directory scan: knex would load
 * files with a native require, which neither the bundle nor jest can follow.
 */
export const MIGRATIONS: readonly Migration[] = [
  { name: '20261121064752_create_auth_and_remotes', ...createAuthAndRemotes },
  { name: '20261121070000_create_portfolio_model', ...createPortfolioModel },
  { name: '20261121080000_list_indexes_and_one_active_contract', ...listIndexesAndOneActiveContract },
  { name: '20261121090000_index_audit_log_by_record', ...indexAuditLogByRecord },
  { name: '20261121101500_create_unit_listings_and_leads', ...createUnitListingsAndLeads },
  { name: '20261121114500_create_reports_and_document_categories', ...createReportsAndDocumentCategories },
  { name: '20261125020000_agency_pipeline', ...agencyPipeline },
  { name: '20261125030000_create_maintenance', ...createMaintenance },
  { name: '20261125032000_create_tenant_invitations', ...createTenantInvitations },
  { name: '20261125090000_principal_reports', ...principalReports },
  { name: '20261125100000_create_live_events', ...createLiveEvents },
  { name: '20261125110000_create_rent_charges', ...createRentCharges },
  { name: '20261125120000_create_incident_comments', ...createIncidentComments },
  { name: '20261126060000_admin_and_settings', ...adminAndSettings },
  { name: '20261126100000_portfolio_scale_indexes', ...portfolioScaleIndexes },
  { name: '20261126110000_open_incidents_index', ...openIncidentsIndex },
  { name: '20261126120000_audit_log_action_index', ...auditLogActionIndex },
  { name: '20261126150000_auth_change_notifications', ...authChangeNotifications },
  { name: '20261126160000_search_text_columns', ...searchTextColumns },
  { name: '20261126163000_property_id_on_contracts_and_incidents', ...propertyIdOnContractsAndIncidents },
  { name: '20261126170000_covering_scope_indexes', ...coveringScopeIndexes },
  { name: '20261126190000_agency_on_portfolio_rows', ...agencyOnFacts },
  { name: '20261126200000_search_trigram_indexes', ...searchTrigramIndexes },
  { name: '20261126210000_lead_sender_address', ...leadSenderAddress },
  { name: '20261127003000_property_search_in_agency_index', ...propertySearchInAgencyIndex },
  { name: '20261127060000_write_notifications', ...writeNotifications },
  { name: '20261127130000_maintenance_en_progreso', ...maintenanceEnProgreso },
  { name: '20261127140000_user_presence', ...userPresence },
  { name: '20261127150000_lead_priority', ...leadPriority },
  { name: '20261127160000_two_factor', ...twoFactor },
  { name: '20261129100000_consent_requests', ...consentRequests },
  { name: '20261129120000_storage_quotas', ...storageQuotas },
  { name: '20261129130000_normalise_phones', ...normalisePhones },
  { name: '20261129140000_strip_bidi_controls', ...stripBidiControls },
  { name: '20261129150000_throttle_hits', ...throttleHits },
  { name: '20261129160000_agency_is_active', ...agencyIsActive },
  { name: '20261129170000_unit_orientation', ...unitOrientation },
  { name: '20261204100000_listing_photos', ...listingPhotos },
  { name: '20261204110000_owner_invitations', ...ownerInvitations },
  { name: '20261204120000_drop_user_sessions', ...dropUserSessions },
  { name: '20261205110000_document_categories', ...documentCategories },
  { name: '20261205120000_incident_handling', ...incidentHandling },
  { name: '20261205130000_report_schedules', ...reportSchedules },
  { name: '20261205140000_outbox', ...outbox },
  { name: '20261205150000_invitation_revocation', ...invitationRevocation },
  { name: '20261206090000_overdue_reminders_and_message_digests', ...overdueRemindersAndMessageDigests },
  { name: '20261206100000_email_verification', ...emailVerification },
  { name: '20261207120000_user_erasure', ...userErasure },
  { name: '20261207130000_create_imports', ...createImports },
  { name: '20261207140000_create_data_exports', ...createDataExports },
  { name: '20261207150000_rent_updates', ...rentUpdates },
];
