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
import urllib.error
import urllib.request

report["presigned"] = urllib.request.urlopen(url).read().decode()


def raw(method, url, data=b"", headers=None):
    # urllib would add a form Content-Type to a body, which a SigV2 presigned URL signs (empty): send none.
    headers = {"Content-Type": "", **(headers or {})} if method == "PUT" else {}
    request = urllib.request.Request(url, data=data if method == "PUT" else None, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return [response.status, None]
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        code = text.split("<Code>")[1].split("</Code>")[0] if "<Code>" in text else None
        return [error.code, code]


# A presigned PUT (what a site hands a browser) replayed with headers of the holder's own (issue 23): refused.
put_url = s3.generate_presigned_url("put_object", Params={"Bucket": bucket, "Key": "slot-1"}, ExpiresIn=60)
replay = {"x-amz-copy-source": "/%s/plain.txt" % bucket, "x-amz-acl": "public-read"}
report["presignedPutReplay"] = raw("PUT", put_url, b"", replay)
report["slotAfterReplay"] = raw("GET", "%s/%s/slot-1" % (endpoint, bucket))
report["presignedPut"] = raw("PUT", put_url, b"uploaded")
report["slotUploaded"] = s3.get_object(Bucket=bucket, Key="slot-1")["Body"].read().decode()
s3.delete_object(Bucket=bucket, Key="slot-1")
try:
    s3.get_object(Bucket=bucket, Key="nope")
except ClientError as error:
    report["missing"] = error.response["Error"]["Code"]
for key in keys + ["copy of plain"]:
    s3.delete_object(Bucket=bucket, Key=key)
s3.delete_bucket(Bucket=bucket)
report["bucketsAfter"] = bucket in [b["Name"] for b in s3.list_buckets()["Buckets"]]
print(json.dumps(report))
