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
  /** The last health check (issue 13): null until the server has fetched the manifest once. */
  declare healthOk: boolean | null;
  declare healthLatencyMs: number | null;
  declare healthError: string | null;
  declare healthCheckedAt: Date | null;

  override $beforeUpdate() {
    this.updatedAt = new Date();
  }
}
