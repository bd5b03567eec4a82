import { Model, type RelationMappings } from 'objection';
import type { TransactionStatus, TransactionType } from '@arrendia/api-contract';
import { Timestamped } from './Timestamped';
import { TransactionCategory } from './TransactionCategory';

export class Transaction extends Timestamped {
  static override tableName = 'transactions';

  declare id: number;
  declare rentableUnitId: number | null;
  declare mainPropertyId: number | null;
  declare categoryId: number | null;
  declare contractId: number | null;
  declare type: TransactionType;
  /** Always positive; `type` says income or expense. */
  declare amount: string;
  declare transactionDate: string;
  declare description: string | null;
  declare paymentMethod: string | null;
  declare paymentGatewayTxnId: string | null;
  declare status: TransactionStatus;

  static override get relationMappings(): RelationMappings {
    return {
      category: { relation: Model.BelongsToOneRelation, modelClass: TransactionCategory, join: { from: 'transactions.categoryId', to: 'transaction_categories.id' } },
    };
  }
}
