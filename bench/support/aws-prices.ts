/**
 * AWS list prices the cost model uses: us-east-1, as published on AWS's public pricing pages (aws.amazon.com/lambda/
 * pricing, /api-gateway/pricing, /dynamodb/pricing/on-demand, /s3/pricing), read on 2025-06-01. Check them before
 * relying on the figures; change them here.
 */
export const PRICES = {
  takenOn: '2025-06-01',
  region: 'us-east-1',
  /** Lambda on arm64: per request, and per GB-second of duration (first tier). */
  lambdaPerRequest: 0.2 / 1e6,
  lambdaArmPerGbSecond: 0.0000133334,
  /** API Gateway per request (first tier): REST API, HTTP API (per 512 KB), and Lambda function URLs (no charge). */
  restApiPerRequest: 3.5 / 1e6,
  httpApiPerRequest: 1.0 / 1e6,
  functionUrlPerRequest: 0,
  /** DynamoDB on-demand (after the November 2024 reduction): per write and read request unit. */
  dynamoPerWriteUnit: 0.625 / 1e6,
  dynamoPerReadUnit: 0.125 / 1e6,
  /** S3 Standard requests: PUT/COPY/POST/LIST class, and GET and the rest. */
  s3Tier1PerRequest: 0.005 / 1000,
  s3Tier2PerRequest: 0.0004 / 1000,
} as const;
