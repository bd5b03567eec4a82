import { Model, type Pojo, type RelationMappings } from 'objection';
import type { UnitStatus } from '@arrendia/api-contract';
import { Timestamped } from './Timestamped';
import { MainProperty } from './MainProperty';
import { UnitType } from './UnitType';
import { UnitDetailsResidential } from './UnitDetailsResidential';
import { Contract } from './Contract';
import { withoutSearchText } from './searchText';

export class RentableUnit extends Timestamped {
  static override tableName = 'rentable_units';
  static override jsonAttributes = ['amenities'];

  declare id: number;
  declare mainPropertyId: number;
  declare unitTypeId: number;
  declare unitName: string;
  declare description: string | null;
  declare areaM2: string | null;
  declare currentStatus: UnitStatus;
  declare baseRentPrice: string | null;
  declare amenities: string[] | null;
  declare isActive: boolean;

  declare property?: MainProperty;
  declare unitType?: UnitType;
  declare details?: UnitDetailsResidential | null;
  declare activeContract?: Contract | null;
  /** Its advert (queries/units), when read with it. */
  declare listing?: { id: number; isPublished: boolean } | null;

  override $parseDatabaseJson(json: Pojo): Pojo {
    return withoutSearchText(super.$parseDatabaseJson(json));
  }

  static override get relationMappings(): RelationMappings {
    return {
      property: { relation: Model.BelongsToOneRelation, modelClass: MainProperty, join: { from: 'rentable_units.mainPropertyId', to: 'main_properties.id' } },
      unitType: { relation: Model.BelongsToOneRelation, modelClass: UnitType, join: { from: 'rentable_units.unitTypeId', to: 'unit_types.id' } },
      details: { relation: Model.HasOneRelation, modelClass: UnitDetailsResidential, join: { from: 'rentable_units.id', to: 'unit_details_residential.rentableUnitId' } },
      contracts: { relation: Model.HasManyRelation, modelClass: Contract, join: { from: 'rentable_units.id', to: 'contracts.rentableUnitId' } },
      /** The Activo contract renting it, if any (at most one: commands/unitOccupancy.ts). */
      activeContract: {
        relation: Model.HasOneRelation,
        modelClass: Contract,
        filter: (query) => query.where('contracts.status', 'Activo'),
        join: { from: 'rentable_units.id', to: 'contracts.rentableUnitId' },
      },
    };
  }
}
