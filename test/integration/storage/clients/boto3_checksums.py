"""Additional checksums through boto3 (SigV4); prints a JSON report.

Usage: python3 boto3_checksums.py <endpoint> <key> <secret> <existing bucket>
"""
import json
import sys

from botocore.exceptions import ClientError, MissingDependencyException
from s3_client import make_client

endpoint, key, secret, bucket = sys.argv[1:5]
s3 = make_client(endpoint, key, secret, "s3v4")
body = b"checksummed by boto3"
report = {}

report["defaultCrc32"] = s3.put_object(Bucket=bucket, Key="boto-default", Body=body).get("ChecksumCRC32")
report["sha256Put"] = s3.put_object(Bucket=bucket, Key="boto-sha256", Body=body, ChecksumAlgorithm="SHA256").get("ChecksumSHA256")
got = s3.get_object(Bucket=bucket, Key="boto-sha256", ChecksumMode="ENABLED")
report["sha256Get"] = [got.get("ChecksumSHA256"), got.get("ChecksumType"), got["Body"].read().decode()]
report["withoutMode"] = s3.head_object(Bucket=bucket, Key="boto-sha256").get("ChecksumSHA256")
try:
    s3.put_object(Bucket=bucket, Key="boto-bad", Body=body, ChecksumCRC32="AAAAAA==")
    report["badDigest"] = "stored"
except ClientError as error:
    report["badDigest"] = [error.response["ResponseMetadata"]["HTTPStatusCode"], error.response["Error"]["Code"]]
try:
    report["crc64nvme"] = s3.put_object(Bucket=bucket, Key="boto-crc64", Body=body, ChecksumAlgorithm="CRC64NVME").get(
        "ChecksumCRC64NVME"
    )
except MissingDependencyException:
    report["crc64nvme"] = "client-lacks-crt"

print(json.dumps(report))
