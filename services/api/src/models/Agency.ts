import { Model } from 'objection';

export class Agency extends Model {
  static override tableName = 'agencies';

  declare id: number;
  declare nombreAgencia: string;
  declare cifAgencia: string;
  declare direccionFiscal: string | null;
  declare telefonoAgencia: string | null;
  declare emailAgencia: string | null;
  declare logoUrl: string | null;
  declare webAgencia: string | null;
  /** A deactivated agency's users cannot sign in (issue 32); its data is kept. */
  declare isActive: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;

  override $beforeUpdate() {
    this.updatedAt = new Date();
  }
}
