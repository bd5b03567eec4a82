import { Model, type RelationMappings } from 'objection';
import { Role } from './Role';

export class User extends Model {
  static override tableName = 'users';

  declare id: number;
  declare roleId: number;
  declare agencyId: number | null;
  declare email: string;
  /** The argon2id hash, never the password. */
  declare password: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare nifCif: string | null;
  declare direccionFiscal: string | null;
  declare telefono: string | null;
  declare ibanBancaria: string | null;
  declare profileImageUrl: string | null;
  declare preferredLanguage: string;
  declare isActive: boolean;
  declare emailVerifiedAt: Date | null;
  declare lastLogin: Date | null;
  declare lastPasswordChange: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare role?: Role;

  static override get relationMappings(): RelationMappings {
    return {
      role: { relation: Model.BelongsToOneRelation, modelClass: Role, join: { from: 'users.roleId', to: 'roles.id' } },
    };
  }

  override $beforeUpdate() {
    this.updatedAt = new Date();
  }
}
