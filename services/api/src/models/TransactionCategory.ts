import { Model } from 'objection';

export class TransactionCategory extends Model {
  static override tableName = 'transaction_categories';

  declare id: number;
  declare categoryName: string;
  declare isExpense: boolean;
}
