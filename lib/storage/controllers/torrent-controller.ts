import { readKeyOf } from '../encryption/sse-headers';
import { attachmentNamed } from '../objects/attachment-disposition';
import { getObjectTorrent } from '../torrent/object-torrent';
import { objectUrl } from './object-location';
import { type RouteTable, versionHeader, versionIdOf } from './s3-call';

/** `/{bucket}/{key}?torrent`: GetObjectTorrent. */
export const OBJECT_TORRENT_ROUTES: RouteTable = {
  torrent: {
    GET: async ({ deps, principal, request, bucket, key }) => {
      const versionId = versionIdOf(request);
      const torrent = await getObjectTorrent(deps, principal, {
        bucket,
        key,
        versionId,
        customerKey: readKeyOf(request.headers, deps.sseCustomerKeyOverHttp),
        // The version asked for is the one the web seed serves: the pieces are that version's.
        webSeed: objectUrl(request, bucket, key, versionId === undefined ? {} : { versionId }),
      });
      return {
        status: 200,
        headers: {
          'content-type': 'application/x-bittorrent',
          'content-disposition': attachmentNamed(`${torrent.name}.torrent`),
          'content-length': String(torrent.metainfo.length),
          ...versionHeader(torrent.versioned, torrent.record.versionId),
        },
        body: torrent.metainfo,
      };
    },
  },
};
