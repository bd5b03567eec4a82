import { Model, type Pojo, type RelationMappings } from 'objection';
import type { ContractStatus, DepositStatus, LeaseUse, RentUpdateMechanism } from '@arrendia/api-contract';
import { Timestamped } from './Timestamped';
import { RentableUnit } from './RentableUnit';
import { User } from './User';
import { withoutSearchText } from './searchText';

export class Contract extends Timestamped {
  static override tableName = 'contracts';

  declare id: number;
  declare rentableUnitId: number;
  declare contractCode: string;
  /** DATE as 'YYYY-MM-DD'. */
  declare startDate: string;
  declare endDate: string | null;
  declare rentAmount: string;
  declare paymentDay: number;
  declare depositAmount: string;
  declare depositStatus: DepositStatus;
  declare status: ContractStatus;
  declare renewalNoticeDays: number | null;
  declare terminationReason: string | null;
  declare notes: string | null;
  /** The rent update clause (issue 36): NUMERIC as text, DATE as 'YYYY-MM-DD' (null: its start). */
  declare rentUpdateMechanism: RentUpdateMechanism;
  declare rentUpdateValue: string | null;
  declare rentUpdateFloor: string | null;
  declare rentUpdateMonthsBefore: number | null;
  declare leaseUse: LeaseUse;
  declare signedOn: string | null;

  declare unit?: RentableUnit;
  declare tenants?: User[];

  override $parseDatabaseJson(json: Pojo): Pojo {
    return withoutSearchText(super.$parseDatabaseJson(json));
  }

  static override get relationMappings(): RelationMappings {
    return {
      unit: { relation: Model.BelongsToOneRelation, modelClass: RentableUnit, join: { from: 'contracts.rentableUnitId', to: 'rentable_units.id' } },
      tenants: {
        relation: Model.ManyToManyRelation,
        modelClass: User,
        join: {
          from: 'contracts.id',
          through: { from: 'tenants_contracts.contractId', to: 'tenants_contracts.tenantUserId', extra: ['isPrimaryTenant'] },
          to: 'users.id',
        },
      },
    };
  }
}
