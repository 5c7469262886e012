"""Drives the storage surface with boto3 (SigV2 's3' or SigV4 's3v4'), as a client would; prints a JSON report.

Usage: python3 boto3_round_trip.py <endpoint> <access key> <secret key> <signature version> <bucket>
"""
import hashlib
import json
import os
import sys

from botocore.exceptions import ClientError
from s3_client import make_client

endpoint, access_key, secret_key, signature_version, bucket = sys.argv[1:6]
s3 = make_client(endpoint, access_key, secret_key, signature_version)
report = {}
keys = ["plain.txt", "with space+plus%percent", "ünïcødé/ключ/鍵", "double//slash", "folder/", "x" * 1024, "(weird) *!'chars~$&=@,;"]
s3.create_bucket(Bucket=bucket)
body = os.urandom(200_000)
for key in keys:
    s3.put_object(Bucket=bucket, Key=key, Body=body if key == "plain.txt" else key.encode(), Metadata={"origin": "boto3"})
got = s3.get_object(Bucket=bucket, Key="plain.txt")
report["plainExact"] = got["Body"].read() == body
report["etag"] = got["ETag"] == '"%s"' % hashlib.md5(body).hexdigest()
report["metadata"] = got["Metadata"]
report["keysBack"] = all(s3.get_object(Bucket=bucket, Key=k)["Body"].read() == k.encode() for k in keys[1:])
report["headLength"] = s3.head_object(Bucket=bucket, Key="folder/")["ContentLength"]
listed = s3.list_objects_v2(Bucket=bucket)
report["listed"] = [item["Key"] for item in listed["Contents"]]
# botocore asks for encoding-type=url itself and decodes the answer.
encoded = s3.list_objects(Bucket=bucket, Delimiter="/")
report["v1Keys"] = [item["Key"] for item in encoded.get("Contents", [])]
report["v1Prefixes"] = [p["Prefix"] for p in encoded.get("CommonPrefixes", [])]
s3.copy_object(Bucket=bucket, Key="copy of plain", CopySource={"Bucket": bucket, "Key": "with space+plus%percent"})
report["copied"] = s3.get_object(Bucket=bucket, Key="copy of plain")["Body"].read().decode()
url = s3.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "ünïcødé/ключ/鍵"}, ExpiresIn=60)
import urllib.request

report["presigned"] = urllib.request.urlopen(url).read().decode()
try:
    s3.get_object(Bucket=bucket, Key="nope")
except ClientError as error:
    report["missing"] = error.response["Error"]["Code"]
for key in keys + ["copy of plain"]:
    s3.delete_object(Bucket=bucket, Key=key)
s3.delete_bucket(Bucket=bucket)
report["bucketsAfter"] = bucket in [b["Name"] for b in s3.list_buckets()["Buckets"]]
print(json.dumps(report))
