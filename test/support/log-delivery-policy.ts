/**
 * The target bucket's policy letting the log delivery service (`logging.s3.amazonaws.com`) write under `prefix` for
 * `source`, set up by `account`: what server access logging needs of its target, as on S3.
 */
export const deliveryPolicy = (target: string, source: string, prefix: string, account: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'S3ServerAccessLogsPolicy',
        Effect: 'Allow',
        Principal: { Service: 'logging.s3.amazonaws.com' },
        Action: 's3:PutObject',
        Resource: `arn:aws:s3:::${target}/${prefix}*`,
        Condition: { ArnLike: { 'aws:SourceArn': `arn:aws:s3:::${source}` }, StringEquals: { 'aws:SourceAccount': account } },
      },
    ],
  });
