"""Lifecycle with boto3's default settings: rules put and read back, x-amz-expiration, then objects, noncurrent
versions and idle uploads going away under a short lifecycle day (the test runs the lifecycle pass meanwhile).

Usage: python3 boto3_lifecycle.py <endpoint> <access key> <secret key> <bucket>; prints a JSON report.
"""
import json
import sys
import time

from s3_client import make_client

endpoint, access_key, secret_key, bucket = sys.argv[1:5]
s3 = make_client(endpoint, access_key, secret_key, "s3v4")
versioned = bucket + "-v"
report = {}

s3.create_bucket(Bucket=bucket)
s3.create_bucket(Bucket=versioned)
s3.put_bucket_versioning(Bucket=versioned, VersioningConfiguration={"Status": "Enabled"})
for key in ["logs/a.log", "logs/b.log", "keep/c.txt"]:
    s3.put_object(Bucket=bucket, Key=key, Body=key.encode())
upload = s3.create_multipart_upload(Bucket=bucket, Key="tmp/partial.bin")["UploadId"]
for body in [b"one", b"two", b"three"]:
    s3.put_object(Bucket=versioned, Key="doc.txt", Body=body)

rules = [
    {"ID": "expire-logs", "Filter": {"Prefix": "logs/"}, "Status": "Enabled", "Expiration": {"Days": 1}},
    {"ID": "abort-tmp", "Filter": {"Prefix": "tmp/"}, "Status": "Enabled", "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1}},
]
s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration={"Rules": rules})
s3.put_bucket_lifecycle_configuration(
    Bucket=versioned,
    LifecycleConfiguration={"Rules": [{"ID": "old-versions", "Filter": {}, "Status": "Enabled", "NoncurrentVersionExpiration": {"NoncurrentDays": 1}}]},
)
report["rulesBack"] = s3.get_bucket_lifecycle_configuration(Bucket=bucket)["Rules"] == rules
head = s3.head_object(Bucket=bucket, Key="logs/a.log")
report["expirationHeader"] = head["ResponseMetadata"]["HTTPHeaders"].get("x-amz-expiration", "")
report["keptHasNoHeader"] = "x-amz-expiration" not in s3.head_object(Bucket=bucket, Key="keep/c.txt")["ResponseMetadata"]["HTTPHeaders"]


def state():
    keys = [item["Key"] for item in s3.list_objects_v2(Bucket=bucket).get("Contents", [])]
    uploads = [item["UploadId"] for item in s3.list_multipart_uploads(Bucket=bucket).get("Uploads", [])]
    versions = s3.list_object_versions(Bucket=versioned).get("Versions", [])
    return {"keys": keys, "uploads": uploads, "versions": len(versions)}


deadline = time.time() + 60
current = state()
while time.time() < deadline and (current["keys"] != ["keep/c.txt"] or current["uploads"] or current["versions"] != 1):
    time.sleep(0.5)
    current = state()
report["after"] = current
report["latestKept"] = s3.get_object(Bucket=versioned, Key="doc.txt")["Body"].read().decode()
s3.delete_bucket_lifecycle(Bucket=bucket)
try:
    s3.get_bucket_lifecycle_configuration(Bucket=bucket)
    report["getAfterDelete"] = "found"
except s3.exceptions.ClientError as error:
    report["getAfterDelete"] = error.response["Error"]["Code"]
print(json.dumps(report))
