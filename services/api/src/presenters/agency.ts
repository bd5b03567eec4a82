import type { AgencyDirectoryEntry, AgencyRow } from '@arrendia/api-contract';
import type { AgencyRowRecord } from '../queries/agencies';

/** An agency as the 'Agencias' tab lists it (GET /api/agencies) and its writes answer it. */
export function presentAgency(r: AgencyRowRecord): AgencyRow {
  return {
    id: r.id,
    nombreAgencia: r.nombreAgencia,
    cifAgencia: r.cifAgencia,
    direccionFiscal: r.direccionFiscal,
    telefonoAgencia: r.telefonoAgencia,
    emailAgencia: r.emailAgencia,
    webAgencia: r.webAgencia,
    commissionRate: Number(r.commissionRate).toFixed(2),
    isActive: r.isActive,
    managers: Number(r.managers),
    agents: Number(r.agents),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** An agency of the directory: name and how to reach it, nothing of its figures. */
export function presentAgencyDirectoryEntry(r: AgencyDirectoryEntry): AgencyDirectoryEntry {
  return { id: r.id, nombreAgencia: r.nombreAgencia, direccionFiscal: r.direccionFiscal, telefonoAgencia: r.telefonoAgencia, emailAgencia: r.emailAgencia };
}
