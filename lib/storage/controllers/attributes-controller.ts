import { objectAttributesXml } from '../attributes/attributes-document';
import { getObjectAttributes } from '../attributes/object-attributes';
import { readKeyOf } from '../encryption/sse-headers';
import { header } from '../requests/s3-request';
import { xmlResult } from '../requests/s3-response';
import { type RouteTable, versionHeader, versionIdOf } from './s3-call';

/** `/{bucket}/{key}?attributes`: GetObjectAttributes. */
export const OBJECT_ATTRIBUTES_ROUTES: RouteTable = {
  attributes: {
    GET: async ({ deps, principal, request, bucket, key }) => {
      const attributes = await getObjectAttributes(deps, principal, {
        bucket,
        key,
        versionId: versionIdOf(request),
        attributes: header(request, 'x-amz-object-attributes'),
        maxParts: header(request, 'x-amz-max-parts'),
        partNumberMarker: header(request, 'x-amz-part-number-marker'),
        customerKey: readKeyOf(request.headers, deps.sseCustomerKeyOverHttp),
      });
      const { record, versioned } = attributes;
      return xmlResult(objectAttributesXml(attributes), 200, {
        'last-modified': new Date(record.lastModified).toUTCString(),
        ...versionHeader(versioned, record.versionId),
      });
    },
  },
};
