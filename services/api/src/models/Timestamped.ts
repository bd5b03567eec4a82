import { Model } from 'objection';

/** A model whose table has createdAt/updatedAt: updatedAt moves on every update. */
export class Timestamped extends Model {
  declare createdAt: Date;
  declare updatedAt: Date;

  override $beforeUpdate() {
    this.updatedAt = new Date();
  }
}
