import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed } from '../../../aws';
import { MerchantNotFoundError } from '../../errors';
import { merchantKey } from '../../table/gateway-table';
import type { BoletoMethod } from '../bank-registry';
import type { BoletoBankSettings } from './boleto-bank-settings';

/** The merchant record's attribute holding one boleto method's bank connection. */
const attributeOf = (method: BoletoMethod) => `boletoBank_${method}`;

/** What creating a boleto asks: the merchant's connection for its method, if any. */
export interface BoletoBankLookup {
  get(merchantId: string, method: BoletoMethod): Promise<BoletoBankSettings | undefined>;
}

/** Boleto bank connections on the merchant record (one attribute per boleto method), as `pix-psp set` keeps its PSP. */
export class BoletoBankRepository implements BoletoBankLookup {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(merchantId: string, method: BoletoMethod): Promise<BoletoBankSettings | undefined> {
    const item = await getItem(this.documents, this.table, merchantKey(merchantId));
    const settings = item?.[attributeOf(method)] as BoletoBankSettings | undefined;
    return settings?.secretId ? settings : undefined;
  }

  async set(merchantId: string, method: BoletoMethod, settings: BoletoBankSettings): Promise<void> {
    await this.update(merchantId, 'SET #bank = :bank', method, { ':bank': settings });
  }

  async remove(merchantId: string, method: BoletoMethod): Promise<void> {
    await this.update(merchantId, 'REMOVE #bank', method);
  }

  private async update(merchantId: string, expression: string, method: BoletoMethod, values?: Record<string, unknown>) {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: merchantKey(merchantId),
          UpdateExpression: expression,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#bank': attributeOf(method) },
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new MerchantNotFoundError(`Merchant ${merchantId} does not exist`);
      throw error;
    }
  }
}
