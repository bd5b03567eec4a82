import { Model, type Pojo, type RelationMappings } from 'objection';
import { Agency } from './Agency';
import { Role } from './Role';
import { withoutSearchText } from './searchText';

export class User extends Model {
  static override tableName = 'users';
  /** jsonb columns: written as JSON (the pg driver would send a JS array as a PostgreSQL array). */
  static override jsonAttributes = ['notificationPrefs', 'twoFactorRecoveryCodes'];

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
  /** The stored profile photo's size, for the storage quota (storage/quota.ts); null without one. */
  declare profileImageSizeKb: number | null;
  declare preferredLanguage: string;
  declare isActive: boolean;
  declare emailVerifiedAt: Date | null;
  declare lastLogin: Date | null;
  declare lastPasswordChange: Date | null;
  /** Minutes of inactivity after which the server ends the user's sessions (15–240, default 30). */
  declare sessionTimeoutMinutes: number;
  /** The notification switches of the settings screen; null until the user saves them (spec defaults). */
  declare notificationPrefs: Record<string, boolean> | null;
  declare loginNotifications: boolean;
  /** The user's plan (spec §9); null means the default plan of the user's role. */
  declare plan: string | null;
  /** The authenticator app's secret (base32): a setup waiting for its first code until `twoFactorEnabledAt`. */
  declare twoFactorSecret: string | null;
  /** When two-factor authentication was turned on; null while it is off. */
  declare twoFactorEnabledAt: Date | null;
  /** The time step of the last app code accepted (each code is good once). */
  declare twoFactorLastStep: number | null;
  /** SHA-256 hashes of the recovery codes not yet used. */
  declare twoFactorRecoveryCodes: string[] | null;
  /** When the person's data was erased (issue 35, commands/accountEraser.ts); null for a live account. */
  declare erasedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare role?: Role;
  /** The user's agency, when fetched (`withGraphFetched('agency')`): null for a user of none. */
  declare agency?: Agency | null;

  override $parseDatabaseJson(json: Pojo): Pojo {
    return withoutSearchText(super.$parseDatabaseJson(json));
  }

  static override get relationMappings(): RelationMappings {
    return {
      role: { relation: Model.BelongsToOneRelation, modelClass: Role, join: { from: 'users.roleId', to: 'roles.id' } },
      agency: { relation: Model.BelongsToOneRelation, modelClass: Agency, join: { from: 'users.agencyId', to: 'agencies.id' } },
    };
  }

  override $beforeUpdate() {
    this.updatedAt = new Date();
  }
}
