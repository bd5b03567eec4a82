import { Model } from 'objection';

export class Role extends Model {
  static override tableName = 'roles';

  declare id: number;
  declare roleName: string;
  declare description: string | null;
}
