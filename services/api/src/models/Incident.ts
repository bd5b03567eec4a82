import { Model, type RelationMappings } from 'objection';
import type { IncidentCategory, IncidentPriority, IncidentStatus } from '@arrendia/api-contract';
import { Timestamped } from './Timestamped';
import { RentableUnit } from './RentableUnit';
import { User } from './User';

export class Incident extends Timestamped {
  static override tableName = 'incidents';

  declare id: number;
  declare rentableUnitId: number;
  declare contractId: number | null;
  declare reportedByUserId: number | null;
  declare assignedToUserId: number | null;
  declare assignedProviderId: number | null;
  declare incidentCategory: IncidentCategory;
  declare title: string;
  declare description: string;
  declare status: IncidentStatus;
  declare priority: IncidentPriority;
  declare costEstimate: string | null;
  declare finalCost: string | null;
  declare resolutionNotes: string | null;
  /** The expense its final cost was recorded as (issue 33); null until then, or once that transaction is deleted. */
  declare expenseTransactionId: number | null;
  declare closedAt: Date | null;

  static override get relationMappings(): RelationMappings {
    return {
      unit: { relation: Model.BelongsToOneRelation, modelClass: RentableUnit, join: { from: 'incidents.rentableUnitId', to: 'rentable_units.id' } },
      reporter: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'incidents.reportedByUserId', to: 'users.id' } },
    };
  }
}
