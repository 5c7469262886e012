import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed } from '../../../aws';
import { retornoKey } from '../../table/gateway-table';

/** What importing one retorno file did, kept under the file's SHA-256: the same file again changes nothing. */
export interface RetornoRecord {
  sha256: string;
  sequence: number;
  importedAt: string;
  applied: number;
  duplicates: number;
  ignored: number;
}

export class RetornoStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(merchantId: string, method: string, sha256: string): Promise<RetornoRecord | undefined> {
    const item = await getItem(this.documents, this.table, retornoKey(merchantId, method, sha256));
    return item ? (item.record as RetornoRecord) : undefined;
  }

  /** Records the import; an import of the same file that finished first keeps its record. */
  async record(merchantId: string, method: string, record: RetornoRecord): Promise<void> {
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...retornoKey(merchantId, method, record.sha256), kind: 'retorno', record },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
}
