import { Model } from 'objection';
import type { UnitOrientation } from '@arrendia/api-contract';

/** One per residential unit: rooms, floor and equipment. */
export class UnitDetailsResidential extends Model {
  static override tableName = 'unit_details_residential';
  static override idColumn = 'rentableUnitId';

  declare rentableUnitId: number;
  declare numBedrooms: number;
  declare numBathrooms: number;
  declare floorLevel: number | null;
  declare isFurnished: boolean;
  declare hasTerrace: boolean;
  declare hasElevator: boolean;
  declare hasAirConditioning: boolean;
  declare heatingType: string | null;
  declare energyCertificateRating: string | null;
  declare allowsPets: boolean;
  declare orientation: UnitOrientation | null;
}
