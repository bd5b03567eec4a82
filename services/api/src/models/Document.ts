import { Model } from 'objection';

export class Document extends Model {
  static override tableName = 'documents';

  declare id: number;
  declare fileName: string;
  /** Relative to the documents folder under the data directory; never shown to a client. */
  declare filePath: string;
  declare fileType: string;
  declare fileSizeKb: number;
  declare relatedEntityType: string | null;
  declare relatedEntityId: number | null;
  declare uploadedByUserId: number | null;
  declare createdAt: Date;
}
