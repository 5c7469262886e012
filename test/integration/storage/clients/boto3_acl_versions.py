"""ACLs, versioning, requester pays and presigned POST through boto3 (SigV2 's3' or SigV4 's3v4'); prints a JSON report.

Usage: python3 boto3_acl_versions.py <endpoint> <signature version> <bucket> <owner key> <owner secret> <other key> <other secret> <other email>
"""
import json
import sys

import requests
from s3_client import error_code, make_client

endpoint, signature_version, bucket, owner_key, owner_secret, other_key, other_secret, other_email = sys.argv[1:9]


def client(key, secret):
    return make_client(endpoint, key, secret, signature_version)



owner = client(owner_key, owner_secret)
other = client(other_key, other_secret)
report = {}

# ACLs: canned on create, grants by e-mail, a policy document, the other user's view.
owner.create_bucket(Bucket=bucket, ACL="public-read-write")
report["bucketGrants"] = sorted(g["Permission"] for g in owner.get_bucket_acl(Bucket=bucket)["Grants"])
owner.put_object(Bucket=bucket, Key="private.txt", Body=b"secret")
report["otherReadsPrivate"] = error_code(lambda: other.get_object(Bucket=bucket, Key="private.txt"))
owner.put_object_acl(Bucket=bucket, Key="private.txt", GrantRead=f'emailAddress="{other_email}"', GrantFullControl=f'id="{owner.get_bucket_acl(Bucket=bucket)["Owner"]["ID"]}"')
report["otherReadsGranted"] = other.get_object(Bucket=bucket, Key="private.txt")["Body"].read().decode()
report["unknownEmail"] = error_code(lambda: owner.put_object_acl(Bucket=bucket, Key="private.txt", GrantRead='emailAddress="nobody@nowhere.example"'))
other.put_object(Bucket=bucket, Key="from-other.txt", Body=b"x")
report["otherOwnsItsObject"] = other.get_object_acl(Bucket=bucket, Key="from-other.txt")["Owner"]["ID"] != owner.get_bucket_acl(Bucket=bucket)["Owner"]["ID"]
report["otherPutsBucketAcl"] = error_code(lambda: other.put_bucket_acl(Bucket=bucket, ACL="private"))
report["anonymousList"] = requests.get(f"{endpoint}/{bucket}").status_code

# Versioning.
owner.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Enabled"})
v1 = owner.put_object(Bucket=bucket, Key="doc", Body=b"one")["VersionId"]
v2 = owner.put_object(Bucket=bucket, Key="doc", Body=b"two")["VersionId"]
marker = owner.delete_object(Bucket=bucket, Key="doc")
report["marker"] = marker.get("DeleteMarker")
report["afterDelete"] = error_code(lambda: owner.get_object(Bucket=bucket, Key="doc"))
report["oldVersion"] = owner.get_object(Bucket=bucket, Key="doc", VersionId=v1)["Body"].read().decode()
owner.copy_object(Bucket=bucket, Key="doc", CopySource={"Bucket": bucket, "Key": "doc", "VersionId": v2})
report["restored"] = owner.get_object(Bucket=bucket, Key="doc")["Body"].read().decode()
listed = owner.list_object_versions(Bucket=bucket, Prefix="doc")
report["versions"] = [v["IsLatest"] for v in listed["Versions"]]
report["markers"] = [m["IsLatest"] for m in listed.get("DeleteMarkers", [])]
owner.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Suspended"})
report["suspendedId"] = owner.put_object(Bucket=bucket, Key="doc", Body=b"suspended write").get("VersionId", "none")

# Requester pays.
owner.put_bucket_request_payment(Bucket=bucket, RequestPaymentConfiguration={"Payer": "Requester"})
report["payer"] = owner.get_bucket_request_payment(Bucket=bucket)["Payer"]
report["withoutHeader"] = error_code(lambda: other.get_object(Bucket=bucket, Key="private.txt"))
report["charged"] = other.get_object(Bucket=bucket, Key="private.txt", RequestPayer="requester").get("RequestCharged")
owner.put_bucket_request_payment(Bucket=bucket, RequestPaymentConfiguration={"Payer": "BucketOwner"})

# Presigned POST (boto3 builds the policy and the signature of its own signature version).
post = owner.generate_presigned_post(Bucket=bucket, Key="posted/${filename}", Conditions=[["content-length-range", 1, 1000]], ExpiresIn=600)
response = requests.post(post["url"], data=post["fields"], files={"file": ("hello.txt", b"posted by boto3")})
report["postStatus"] = response.status_code
report["posted"] = owner.get_object(Bucket=bucket, Key="posted/hello.txt")["Body"].read().decode()
too_big = requests.post(post["url"], data=post["fields"], files={"file": ("big.txt", b"x" * 2000)})
report["postTooBig"] = too_big.status_code
print(json.dumps(report))
