"""boto3's TransferManager with its default settings (8 MiB threshold and parts): upload_file then download_file.

Usage: python3 boto3_transfer_large.py <endpoint> <access key> <secret key> <bucket> <source file> <target file>
Prints the object's ETag.
"""
import sys

from s3_client import make_client

endpoint, access_key, secret_key, bucket, source, target = sys.argv[1:7]
s3 = make_client(endpoint, access_key, secret_key, "s3v4")
s3.upload_file(source, bucket, "transfer/large.bin")
s3.download_file(bucket, "transfer/large.bin", target)
print(s3.head_object(Bucket=bucket, Key="transfer/large.bin")["ETag"])
