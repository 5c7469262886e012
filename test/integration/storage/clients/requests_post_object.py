"""Browser-form uploads (POST Object) the way python-requests sends them: `files=` makes every field a part
with a `filename=`. Each case is named after the s3-tests case whose assertion it mirrors; prints a JSON
report of {case: [status, detail]}.

Usage: python3 requests_post_object.py <endpoint> <key> <secret> <bucket prefix>
"""
import base64
import datetime
import hashlib
import hmac
import json
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict

import requests
from s3_client import make_client

endpoint, access_key, secret_key, prefix = sys.argv[1:5]
s3 = make_client(endpoint, access_key, secret_key, "s3v4")
private_bucket = f"{prefix}-private"
public_bucket = f"{prefix}-public"
other_bucket = f"{prefix}-other"
s3.create_bucket(Bucket=private_bucket)
s3.create_bucket(Bucket=public_bucket, ACL="public-read-write")
s3.create_bucket(Bucket=other_bucket)
report = {}


def iso(seconds):
    moment = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def standard_conditions(bucket, key_prefix="foo", length=(0, 1024)):
    return [
        {"bucket": bucket},
        ["starts-with", "$key", key_prefix],
        {"acl": "private"},
        ["starts-with", "$Content-Type", "text/plain"],
        ["content-length-range", *length],
    ]


def encode(document):
    return base64.b64encode(json.dumps(document).encode())


def sign(policy):
    return base64.b64encode(hmac.new(secret_key.encode(), policy, hashlib.sha1).digest())


def post(bucket, fields, file=b"bar", redirects=True):
    return requests.post(f"{endpoint}/{bucket}", files=OrderedDict([*fields, ("file", file)]), allow_redirects=redirects)


def record(case, response, detail=None):
    """The status, and the error code of a refusal or else `detail` (what the case checks after success)."""
    code = ET.fromstring(response.content).findtext("Code") if response.status_code >= 400 and response.content else None
    report[case] = [response.status_code, code if code is not None or detail is None else detail]


def body_of(bucket, key):
    return s3.get_object(Bucket=bucket, Key=key)["Body"].read().decode()


def signed(document, extra=(), key="foo.txt", content_type="text/plain", key_id=access_key, signature=sign):
    """The fields of a SigV2-signed form; `key`, `content_type` or `signature` None leaves that field out."""
    policy = encode(document)
    fields = [("key", key), ("AWSAccessKeyId", key_id), ("acl", "private")]
    fields += [("signature", signature and signature(policy)), ("policy", policy), ("Content-Type", content_type)]
    return [(name, value) for name, value in [*fields, *extra] if value is not None]


standard = {"expiration": iso(6000), "conditions": standard_conditions(private_bucket)}

# Anonymous upload to a public-read-write bucket; success_action_status 201 and an invalid one.
anonymous = [("key", "foo.txt"), ("acl", "public-read"), ("Content-Type", "text/plain")]
record("anonymous_request", post(public_bucket, anonymous), body_of(public_bucket, "foo.txt"))
created = post(public_bucket, [*anonymous, ("success_action_status", "201")])
record("set_success_code", created, ET.fromstring(created.content).findtext("Key"))
invalid_code = post(public_bucket, [*anonymous, ("success_action_status", "404")])
record("set_invalid_success_code", invalid_code, invalid_code.text)
record("anonymous_to_private_bucket", post(private_bucket, anonymous))

# Signed (SigV2) policies that hold.
record("authenticated_request", post(private_bucket, signed(standard)), body_of(private_bucket, "foo.txt"))
no_type = {"expiration": iso(6000), "conditions": [c for c in standard_conditions(public_bucket) if "$Content-Type" not in c]}
record("authenticated_no_content_type", post(public_bucket, signed(no_type, content_type=None)))
big = {"expiration": iso(6000), "conditions": standard_conditions(private_bucket, length=(0, 5 * 1024 * 1024))}
response = post(private_bucket, signed(big), file=b"foo" * 1024 * 1024)
record("upload_larger_than_chunk", response, body_of(private_bucket, "foo.txt") == "foo" * 1024 * 1024)
response = post(private_bucket, signed(standard, key="${filename}"), file=("foo.txt", b"from filename"))
record("set_key_from_filename", response, body_of(private_bucket, "foo.txt"))
record("ignored_header", post(private_bucket, signed(standard, extra=[("x-ignore-foo", "bar")])))
mixed_case = {
    "expiration": iso(6000),
    "conditions": [
        {"bUcKeT": private_bucket},
        ["StArTs-WiTh", "$KeY", "foo"],
        {"AcL": "private"},
        ["StArTs-WiTh", "$CoNtEnT-TyPe", "text/plain"],
        ["content-length-range", 0, 1024],
    ],
}
policy = encode(mixed_case)
fields = [("kEy", "foo.txt"), ("AWSAccessKeyId", access_key), ("aCl", "private"), ("signature", sign(policy))]
record("case_insensitive_condition_fields", post(private_bucket, [*fields, ("pOLICy", policy), ("Content-Type", "text/plain")]))
escaped = {"expiration": iso(6000), "conditions": standard_conditions(private_bucket, key_prefix=r"\$foo")}
response = post(private_bucket, signed(escaped, key=r"\$foo.txt"))
record("escaped_field_values", response, body_of(private_bucket, r"\$foo.txt"))
redirect = f"{endpoint}/{public_bucket}"
redirecting = {"expiration": iso(6000), "conditions": [*standard_conditions(public_bucket), ["eq", "$success_action_redirect", redirect]]}
response = post(public_bucket, signed(redirecting, extra=[("success_action_redirect", redirect)]))
etag = s3.head_object(Bucket=public_bucket, Key="foo.txt")["ETag"].strip('"')
record("success_redirect_action", response, response.url == f"{redirect}?bucket={public_bucket}&key=foo.txt&etag=%22{etag}%22")
metadata = {"expiration": iso(6000), "conditions": [*standard_conditions(private_bucket), ["starts-with", "$x-amz-meta-foo", "bar"]]}
response = post(private_bucket, signed(metadata, extra=[("x-amz-meta-foo", "barclamp")]))
record("user_specified_header", response, s3.head_object(Bucket=private_bucket, Key="foo.txt")["Metadata"])
# s3-tests uses 4 MiB + 200 bytes here; the local stack's default single-request cap is 4 MiB.
chunky = {"expiration": iso(6000), "conditions": standard_conditions(private_bucket, length=(1 << 20, 3 << 20))}
record("upload_size_rgw_chunk_size_bug", post(private_bucket, signed(chunky), file=b"x" * ((1 << 20) + 200)))
checksum = {"expiration": iso(6000), "conditions": standard_conditions(private_bucket, length=(0, 5 << 20))}
payload = b"x" * (2 << 20)
good = base64.b64encode(hashlib.sha256(payload).digest()).decode()
record("upload_checksum_good", post(private_bucket, signed(checksum, extra=[("x-amz-checksum-sha256", good)]), payload))
record("upload_checksum_bad", post(private_bucket, signed(checksum, extra=[("x-amz-checksum-sha256", "sailorjerry")]), payload))

# SigV4 policy (boto3 builds it).
presigned = s3.generate_presigned_post(private_bucket, "v4/${filename}", Conditions=[["content-length-range", 1, 100]])
response = requests.post(presigned["url"], files=OrderedDict([*presigned["fields"].items(), ("file", ("v4.txt", b"signed v4"))]))
record("v4_policy", response, body_of(private_bucket, "v4/v4.txt"))

# Refusals, with the status s3-tests asserts.
def policy_for(bucket=private_bucket, expires=6000, extra_conditions=(), length=(0, 1024), key_prefix="foo"):
    return {"expiration": iso(expires), "conditions": [*standard_conditions(bucket, key_prefix, length), *extra_conditions]}


public_policy = policy_for(public_bucket)
record("authenticated_request_bad_access_key", post(public_bucket, signed(public_policy, key_id="foo")))
record("invalid_signature", post(private_bucket, signed(policy_for(), signature=lambda p: sign(p)[::-1])))
record("invalid_access_key", post(private_bucket, signed(policy_for(), key_id=access_key[::-1])))
record("invalid_date_format", post(private_bucket, signed({**policy_for(), "expiration": str(datetime.datetime.now(datetime.timezone.utc))})))
record("no_key_specified", post(private_bucket, signed(policy_for(), key=None)))
record("missing_signature", post(private_bucket, signed(policy_for(), signature=None)))
unbound = policy_for(key_prefix=r"\$foo")
unbound["conditions"] = unbound["conditions"][1:]  # no bucket condition, a key condition that fails
record("missing_policy_condition", post(private_bucket, signed(unbound)))
meta_condition = [["starts-with", "$x-amz-meta-foo", "bar"]]
record("request_missing_policy_specified_field", post(private_bucket, signed(policy_for(extra_conditions=meta_condition))))
upper = policy_for()
record("condition_is_case_sensitive", post(private_bucket, signed({"expiration": upper["expiration"], "CONDITIONS": upper["conditions"]})))
record("expires_is_case_sensitive", post(private_bucket, signed({"EXPIRATION": upper["expiration"], "conditions": upper["conditions"]})))
record("expired_policy", post(private_bucket, signed(policy_for(expires=-6000))))
wrong = signed(policy_for(), key="${filename}", extra=[("bucket", private_bucket)])
record("wrong_bucket", post(other_bucket, wrong, file=("foo.txt", b"bar")))
empty_meta = [["eq", "$x-amz-meta-foo", ""]]
record("invalid_request_field_value", post(private_bucket, signed(policy_for(extra_conditions=empty_meta), extra=[("x-amz-meta-foo", "barclamp")])))
record("missing_expires_condition", post(private_bucket, signed({"conditions": upper["conditions"]})))
record("missing_conditions_list", post(private_bucket, signed({"expiration": upper["expiration"]})))
record("upload_size_limit_exceeded", post(private_bucket, signed(policy_for(length=(0, 0)))))
record("missing_content_length_argument", post(private_bucket, signed(policy_for(length=(0,)))))
record("invalid_content_length_argument", post(private_bucket, signed(policy_for(length=(-1, 0)))))
record("upload_size_below_minimum", post(private_bucket, signed(policy_for(length=(512, 1000)))))
record("empty_conditions", post(private_bucket, signed({"expiration": upper["expiration"], "conditions": [{}]})))
print(json.dumps(report))
