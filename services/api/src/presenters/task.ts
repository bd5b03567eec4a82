import type { IncidentPriority, Task } from '@arrendia/api-contract';
import { formatDate } from '@arrendia/locale-es';

/** An Activo contract ending soon, or whose renewal notice is due soon (queries/tasks.ts). */
export interface ContractTaskRow {
  id: number;
  contractCode: string;
  endDate: string;
  noticeDate: string | null;
  unitName: string;
  propertyName: string;
}

/** An open incident, dated the day it was reported (queries/tasks.ts). */
export interface IncidentTaskRow {
  id: number;
  title: string;
  status: string;
  priority: IncidentPriority;
  reportedOn: string;
  unitName: string;
  propertyName: string;
}

/** The dates that make a contract a task: today, the last end date and the last notice date shown. */
export interface TaskWindow {
  today: string;
  endLimit: string;
  noticeLimit: string;
}

/**
 * The task list: a contract ending within the window, its renewal notice due within the window,
 * an open incident dated the day it was reported; sorted by date, then by kind, at most `limit`.
 */
export function presentTasks(
  { window, contracts, incidents }: { window: TaskWindow; contracts: ContractTaskRow[]; incidents: IncidentTaskRow[] },
  limit: number,
): Task[] {
  const { today, endLimit, noticeLimit } = window;
  const tasks: Task[] = [];
  for (const c of contracts) {
    const where = `${c.unitName} · ${c.propertyName}`;
    if (c.endDate >= today && c.endDate <= endLimit) {
      tasks.push({
        id: `contract_end-${c.id}`,
        kind: 'contract_end',
        date: c.endDate,
        title: `Fin del contrato ${c.contractCode}`,
        description: where,
        link: `/contracts/${c.id}`,
        priority: null,
      });
    }
    if (c.noticeDate && c.noticeDate >= today && c.noticeDate <= noticeLimit) {
      tasks.push({
        id: `renewal_notice-${c.id}`,
        kind: 'renewal_notice',
        date: c.noticeDate,
        title: `Preaviso de renovación del contrato ${c.contractCode}`,
        description: `${where} · vence el ${formatDate(c.endDate)}`,
        link: `/contracts/${c.id}`,
        priority: null,
      });
    }
  }
  for (const i of incidents) {
    tasks.push({
      id: `incident-${i.id}`,
      kind: 'incident',
      date: i.reportedOn,
      title: `Incidencia ${i.status === 'Abierta' ? 'abierta' : 'en progreso'}: ${i.title}`,
      description: `${i.unitName} · ${i.propertyName}`,
      link: `/incidents/${i.id}`,
      priority: i.priority,
    });
  }
  const order = { contract_end: 0, renewal_notice: 1, incident: 2 } as const;
  return tasks.sort((a, b) => a.date.localeCompare(b.date) || order[a.kind] - order[b.kind] || a.id.localeCompare(b.id)).slice(0, limit);
}
