import type { Container, EndpointHandler } from '../../http';
import { htmlResponse, renderDocument } from '../../http/web';
import { boletoSlipOf } from '../boleto/boleto-slip';
import { itfBarcodeDataUrl } from '../boleto/itf-barcode';
import { BoletoSlipPage } from '../pages/boleto-slip-page';
import { qrMatrix } from '../pages/pix/qr-code';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { getBoletoSlip } from '../use-cases/hosted-page-payment';

/** GET /v1/boleto/{uuid}: the printable slip. */
export const boletoSlipController =
  (container: Container, deps: GatewayDependencies): EndpointHandler =>
  async (event) => {
    const transaction = await getBoletoSlip(deps, event.pathParameters?.uuid ?? '');
    const slip = boletoSlipOf(transaction);
    const [barcodeImage, pixQrCode] = await Promise.all([
      itfBarcodeDataUrl(slip.barcode),
      slip.brCode ? qrMatrix(slip.brCode) : undefined,
    ]);
    const view = (
      <BoletoSlipPage
        slip={slip}
        barcodeImage={barcodeImage}
        pixQrCode={pixQrCode}
        sandbox={container.config().stage === 'sandbox'}
      />
    );
    return htmlResponse(200, renderDocument(view));
  };
