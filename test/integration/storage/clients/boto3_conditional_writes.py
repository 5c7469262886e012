"""boto3 conditional writes: If-None-Match on put_object, If-Match on put_object and delete_object. Prints JSON."""
import json
import sys

from s3_client import error_code, make_client

endpoint, key, secret, version, bucket = sys.argv[1:6]
s3 = make_client(endpoint, key, secret, version)
report = {}



s3.create_bucket(Bucket=bucket)
report["createIfAbsent"] = error_code(lambda: s3.put_object(Bucket=bucket, Key="k", Body=b"one", IfNoneMatch="*"))
report["createAgain"] = error_code(lambda: s3.put_object(Bucket=bucket, Key="k", Body=b"two", IfNoneMatch="*"))
etag = s3.head_object(Bucket=bucket, Key="k")["ETag"]
report["replaceWrongEtag"] = error_code(lambda: s3.put_object(Bucket=bucket, Key="k", Body=b"two", IfMatch='"0123"'))
report["replaceRightEtag"] = error_code(lambda: s3.put_object(Bucket=bucket, Key="k", Body=b"two", IfMatch=etag))
report["body"] = s3.get_object(Bucket=bucket, Key="k")["Body"].read().decode()
report["deleteStaleEtag"] = error_code(lambda: s3.delete_object(Bucket=bucket, Key="k", IfMatch=etag))
report["ifMatchMissing"] = error_code(lambda: s3.put_object(Bucket=bucket, Key="absent", Body=b"x", IfMatch=etag))
print(json.dumps(report))
