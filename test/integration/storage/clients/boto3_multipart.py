"""boto3's TransferManager (upload_file / download_file) in multipart mode, plus the low-level multipart calls; prints a JSON report.

Usage: python3 boto3_multipart.py <endpoint> <access key> <secret key> <signature version> <bucket> <work dir>
"""
import hashlib
import json
import os
import sys

from boto3.s3.transfer import TransferConfig
from s3_client import error_code, make_client


def code(call):
    return error_code(call, success="succeeded")

endpoint, access_key, secret_key, signature_version, bucket, work = sys.argv[1:7]
s3 = make_client(endpoint, access_key, secret_key, signature_version)
MiB = 1024 * 1024
report = {}


def sha256(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()



s3.create_bucket(Bucket=bucket)
source = os.path.join(work, "in.bin")
with open(source, "wb") as handle:
    handle.write(os.urandom(12 * MiB))
config = TransferConfig(multipart_threshold=5 * MiB, multipart_chunksize=5 * MiB, max_concurrency=2)
s3.upload_file(source, bucket, "transfer/in.bin", Config=config, ExtraArgs={"Metadata": {"via": "transfer"}})
head = s3.head_object(Bucket=bucket, Key="transfer/in.bin")
report["etagParts"] = head["ETag"].strip('"').split("-")[1]
report["metadata"] = head["Metadata"]
report["partsCount"] = s3.head_object(Bucket=bucket, Key="transfer/in.bin", PartNumber=1).get("PartsCount")
target = os.path.join(work, "out.bin")
s3.download_file(bucket, "transfer/in.bin", target, Config=config)
report["roundTrip"] = sha256(source) == sha256(target)

created = s3.create_multipart_upload(Bucket=bucket, Key="low-level")
upload_id = created["UploadId"]
report["partZero"] = code(lambda: s3.upload_part(Bucket=bucket, Key="low-level", UploadId=upload_id, PartNumber=0, Body=b"x"))
report["partTooHigh"] = code(lambda: s3.upload_part(Bucket=bucket, Key="low-level", UploadId=upload_id, PartNumber=10001, Body=b"x"))
etag = s3.upload_part(Bucket=bucket, Key="low-level", UploadId=upload_id, PartNumber=1, Body=b"x")["ETag"]
report["listed"] = [u["Key"] for u in s3.list_multipart_uploads(Bucket=bucket).get("Uploads", [])]
report["badPart"] = code(
    lambda: s3.complete_multipart_upload(
        Bucket=bucket, Key="low-level", UploadId=upload_id, MultipartUpload={"Parts": [{"PartNumber": 2, "ETag": etag}]}
    )
)
s3.abort_multipart_upload(Bucket=bucket, Key="low-level", UploadId=upload_id)
report["afterAbort"] = code(lambda: s3.list_parts(Bucket=bucket, Key="low-level", UploadId=upload_id))
print(json.dumps(report))
