import { Model, type Pojo, type RelationMappings } from 'objection';
import { Timestamped } from './Timestamped';
import { RentableUnit } from './RentableUnit';
import { User } from './User';
import { withoutSearchText } from './searchText';

export class MainProperty extends Timestamped {
  static override tableName = 'main_properties';

  declare id: number;
  declare ownerUserId: number;
  declare managerAgencyId: number | null;
  declare propertyName: string;
  declare addressStreet: string;
  declare addressNumber: string | null;
  declare addressDetails: string | null;
  declare city: string;
  declare province: string;
  declare postalCode: string;
  declare country: string;
  declare refCatastral: string | null;
  /** NUMERIC(10,2) as exact text. */
  declare totalAreaM2: string | null;
  declare buildYear: number | null;
  declare notes: string | null;
  declare isArchived: boolean;
  /** The agent in charge (PUT /api/properties/:id/agent); counts only while it is an agent of the managing agency. */
  declare assignedAgentUserId: number | null;

  declare units?: RentableUnit[];

  override $parseDatabaseJson(json: Pojo): Pojo {
    return withoutSearchText(super.$parseDatabaseJson(json));
  }

  static override get relationMappings(): RelationMappings {
    return {
      units: { relation: Model.HasManyRelation, modelClass: RentableUnit, join: { from: 'main_properties.id', to: 'rentable_units.mainPropertyId' } },
      owner: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'main_properties.ownerUserId', to: 'users.id' } },
    };
  }
}
