import { emptyResult, type S3Response, xmlResult } from '../requests/s3-response';
import { deleteObjectTagging, getObjectTagging, putObjectTagging, type TaggedObject } from '../tagging/object-tagging';
import { taggingXml } from '../tagging/tagging-documents';
import { type RouteTable, type S3Call, versionHeader, versionIdOf } from './s3-call';

const target = ({ request, bucket, key }: S3Call) => ({ bucket, key, versionId: versionIdOf(request) });
const versionOf = ({ record, versioned }: TaggedObject) => versionHeader(versioned, record.versionId);

/** `/{bucket}/{key}?tagging[&versionId=V]`. */
export const OBJECT_TAGGING_ROUTES: RouteTable = {
  tagging: {
    GET: async (call): Promise<S3Response> => {
      const tagged = await getObjectTagging(call.deps, call.principal, target(call));
      return xmlResult(taggingXml(tagged.record.tags ?? []), 200, versionOf(tagged));
    },
    PUT: async (call) => emptyResult(200, versionOf(await putObjectTagging(call.deps, call.principal, target(call), call.body))),
    DELETE: async (call) => emptyResult(204, versionOf(await deleteObjectTagging(call.deps, call.principal, target(call)))),
  },
};
