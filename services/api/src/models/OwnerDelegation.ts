import { Model } from 'objection';

/** An owner who delegated its whole portfolio to a propietario_delegado (decisions.md). */
export class OwnerDelegation extends Model {
  static override tableName = 'owner_delegations';
  static override idColumn = ['ownerUserId', 'delegateUserId'];

  declare ownerUserId: number;
  declare delegateUserId: number;
  declare createdAt: Date;
}
