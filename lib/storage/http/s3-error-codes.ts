/** S3 error codes, spelled as AWS spells them, with AWS's status and message. One table for the whole surface. */
export const S3_ERROR_CODES = {
  AccessDenied: [403, 'Access Denied'],
  AccessForbidden: [
    403,
    "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
  ],
  AuthorizationHeaderMalformed: [400, 'The authorization header is malformed.'],
  AuthorizationQueryParametersError: [400, 'Error parsing the X-Amz-Credential parameter.'],
  BadRequest: [400, 'Bad Request'],
  BadDigest: [400, 'The Content-MD5 you specified did not match what we received.'],
  BucketAlreadyExists: [
    409,
    'The requested bucket name is not available. The bucket namespace is shared by all users of the system. Please select a different name and try again.',
  ],
  BucketAlreadyOwnedByYou: [409, 'Your previous request to create the named bucket succeeded and you already own it.'],
  BucketNotEmpty: [409, 'The bucket you tried to delete is not empty'],
  EntityTooLarge: [400, 'Your proposed upload exceeds the maximum allowed size'],
  EntityTooSmall: [400, 'Your proposed upload is smaller than the minimum allowed object size.'],
  IncompleteBody: [400, 'You did not provide the number of bytes specified by the Content-Length HTTP header.'],
  InternalError: [500, 'We encountered an internal error. Please try again.'],
  InvalidAccessKeyId: [403, 'The AWS Access Key Id you provided does not exist in our records.'],
  InvalidArgument: [400, 'Invalid Argument'],
  InvalidBucketName: [400, 'The specified bucket is not valid.'],
  InvalidBucketState: [409, 'The request is not valid with the current state of the bucket.'],
  InvalidDigest: [400, 'The Content-MD5 you specified is not valid.'],
  InvalidEncryptionAlgorithmError: [400, 'The encryption request you specified is not valid. The valid value is AES256.'],
  InvalidObjectName: [400, 'The specified object name is not valid.'],
  InvalidPart: [
    400,
    "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
  ],
  InvalidPartOrder: [
    400,
    'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
  ],
  InvalidPolicyDocument: [400, 'The content of the form does not meet the conditions specified in the policy document.'],
  InvalidRange: [416, 'The requested range is not satisfiable'],
  InvalidRequest: [400, 'Invalid Request'],
  InvalidRetentionPeriod: [400, 'The retention period is invalid.'],
  InvalidURI: [400, "Couldn't parse the specified URI."],
  KeyTooLongError: [400, 'Your key is too long'],
  'KMS.DisabledException': [400, 'The KMS key is disabled or pending deletion.'],
  'KMS.NotFoundException': [400, 'Invalid keyId'],
  MalformedACLError: [400, 'The XML you provided was not well-formed or did not validate against our published schema.'],
  MalformedPOSTRequest: [400, 'The body of your POST request is not well-formed multipart/form-data.'],
  MalformedTrailerError: [
    400,
    'The request contained trailing data that was not well-formed or did not conform to our published schema.',
  ],
  MaxMessageLengthExceeded: [400, 'Your request was too big.'],
  MalformedXML: [400, 'The XML you provided was not well-formed or did not validate against our published schema.'],
  MethodNotAllowed: [405, 'The specified method is not allowed against this resource.'],
  MissingContentLength: [411, 'You must provide the Content-Length HTTP header.'],
  MissingSecurityHeader: [400, 'Your request was missing a required header'],
  NoSuchBucket: [404, 'The specified bucket does not exist'],
  NoSuchCORSConfiguration: [404, 'The CORS configuration does not exist'],
  NoSuchKey: [404, 'The specified key does not exist.'],
  NoSuchObjectLockConfiguration: [404, 'The specified object does not have a ObjectLock configuration'],
  NoSuchUpload: [
    404,
    'The specified multipart upload does not exist. The upload ID might be invalid, or the multipart upload might have been aborted or completed.',
  ],
  NoSuchVersion: [404, 'The specified version does not exist.'],
  NotImplemented: [501, 'A header you provided implies functionality that is not implemented.'],
  ObjectLockConfigurationNotFoundError: [404, 'Object Lock configuration does not exist for this bucket'],
  PreconditionFailed: [412, 'At least one of the pre-conditions you specified did not hold'],
  RequestTimeTooSkewed: [403, 'The difference between the request time and the current time is too large.'],
  ServerSideEncryptionConfigurationNotFoundError: [404, 'The server side encryption configuration was not found'],
  SignatureDoesNotMatch: [
    403,
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  ],
  ServiceUnavailable: [503, 'Service is unable to handle request.'],
  SlowDown: [503, 'Please reduce your request rate.'],
  UnexpectedContent: [400, 'This request does not support content'],
  UnresolvableGrantByEmailAddress: [400, 'The e-mail address you provided does not match any account on record.'],
  XAmzContentSHA256Mismatch: [400, "The provided 'x-amz-content-sha256' header does not match what was computed."],
} as const satisfies Record<string, readonly [number, string]>;

export type S3ErrorCode = keyof typeof S3_ERROR_CODES;

/** The message S3 sends with an error: the one given, or AWS's standard text for the code. */
export function s3MessageOf(error: { code: S3ErrorCode; message: string }): string {
  return error.message === error.code ? S3_ERROR_CODES[error.code][1] : error.message;
}
