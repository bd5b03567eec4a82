import { Model } from 'objection';

export class AuditLog extends Model {
  static override tableName = 'audit_log';
  static override jsonAttributes = ['oldValues', 'newValues'];

  declare id: number;
  declare userId: number | null;
  declare action: string;
  declare tableName: string;
  declare recordId: string | null;
  declare oldValues: Record<string, unknown> | null;
  declare newValues: Record<string, unknown> | null;
  declare changedAt: Date;
}
