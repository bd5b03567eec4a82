import { Model } from 'objection';

/** One federated remote of the run-time registry. */
export class Remote extends Model {
  static override tableName = 'remotes';
  static override idColumn = 'name';

  declare name: string;
  declare roles: string[];
  declare manifestUrl: string;
  declare enabled: boolean;
  declare version: string;
  declare updatedAt: Date;

  override $beforeUpdate() {
    this.updatedAt = new Date();
  }
}
