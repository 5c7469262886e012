import type { BoletoMethod } from '../../boleto/bank-registry';
import { BOLETO_BANKS } from '../../boleto/bank-registry';
import type { RemessaRecord } from '../../boleto/registration/remessa-store';
import type { BoletoFiles } from './boleto-files';

export const BOLETO_METHODS = Object.keys(BOLETO_BANKS) as BoletoMethod[];

export const isBoletoMethod = (method: string | undefined): method is BoletoMethod =>
  BOLETO_METHODS.includes(method as BoletoMethod);

/** The merchant's remessa files of every boleto method, newest first (each method's newest 100). */
export async function remessaFilesOf(files: BoletoFiles, merchantId: string): Promise<RemessaRecord[]> {
  const lists = await Promise.all(BOLETO_METHODS.map((method) => files.remessa.remessas.list(merchantId, method)));
  return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One file of the merchant with its bytes, or undefined: another merchant's id finds nothing (the key names the merchant). */
export async function remessaDownload(
  files: BoletoFiles,
  merchantId: string,
  method: string | undefined,
  fileId: string | undefined,
): Promise<{ record: RemessaRecord; content: string } | undefined> {
  if (!isBoletoMethod(method) || !fileId || !/^\d{1,12}$/.test(fileId)) return undefined;
  const record = await files.remessa.remessas.get(merchantId, method, fileId);
  if (!record) return undefined;
  return { record, content: await files.remessa.remessas.content(record) };
}
