import { Model } from 'objection';

export class UnitType extends Model {
  static override tableName = 'unit_types';

  declare id: number;
  declare typeName: string;
  declare description: string | null;
}
