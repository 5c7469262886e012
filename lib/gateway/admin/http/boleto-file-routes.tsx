import type { ApiResult } from '../../../http';
import type { BoletoFiles } from '../boleto-files/boleto-files';
import { BOLETO_METHODS, isBoletoMethod, remessaDownload, remessaFilesOf } from '../boleto-files/remessa-files';
import { importRetornoFromAdmin } from '../boleto-files/retorno-from-admin';
import { BoletoFilesPage } from '../views/boleto-files-page';
import { RetornoResultPage } from '../views/retorno-result-page';
import { page, type SignedInRequest } from './admin-endpoint';
import { AdminNotFoundError } from './admin-errors';
import { attachmentResponse } from './attachment-response';

/**
 * /v1/admin/boletos: GET lists the merchant's remessa files (`?metodo=&arquivo=` downloads one of them), POST
 * (CSRF-checked, a multipart file upload) imports a retorno and shows what it did. Only the signed-in merchant's files: the keys name it.
 */
export function boletoFileRoutes(files: BoletoFiles) {
  return async (request: SignedInRequest): Promise<ApiResult> => {
    if (request.event.httpMethod === 'POST') return uploadRetorno(request, files);
    const query = request.event.queryStringParameters ?? {};
    if (query.arquivo !== undefined || query.metodo !== undefined) {
      return downloadRemessa(request, files, query.metodo ?? undefined, query.arquivo ?? undefined);
    }
    return listPage(request, files, 200);
  };
}

async function listPage(
  request: SignedInRequest,
  files: BoletoFiles,
  status: number,
  form: { problem?: string; method?: string } = {},
): Promise<ApiResult> {
  const list = await remessaFilesOf(files, request.session.merchantId);
  return page(status, <BoletoFilesPage {...request.frame} files={list} methods={BOLETO_METHODS} {...form} />);
}

async function downloadRemessa(
  request: SignedInRequest,
  files: BoletoFiles,
  method: string | undefined,
  fileId: string | undefined,
): Promise<ApiResult> {
  const found = await remessaDownload(files, request.session.merchantId, method, fileId);
  if (!found) throw new AdminNotFoundError();
  return attachmentResponse('text/plain; charset=us-ascii', found.record.fileName, found.content);
}

/**
 * The retorno as the bank sent it: the form's file (multipart/form-data), read as Latin-1 as the CLI reads it; a script
 * may still post its text as a `retorno` field.
 */
async function uploadRetorno(request: SignedInRequest, files: BoletoFiles): Promise<ApiResult> {
  const method = request.form.metodo;
  const upload = request.files.retorno;
  const content = upload ? upload.bytes.toString('latin1') : (request.form.retorno ?? '');
  if (!isBoletoMethod(method)) return listPage(request, files, 400, { problem: 'choose a boleto method' });
  const result = await importRetornoFromAdmin(request.deps, files, request.session, { method, content, origin: request.origin });
  if (!result.done) return listPage(request, files, 400, { problem: result.problem, method });
  return page(200, <RetornoResultPage {...request.frame} method={method} report={result.report} />);
}
