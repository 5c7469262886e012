"""Authentication edge cases as RGW is held to them (the cases of ceph/s3-tests' test_headers.py and test_s3.py,
re-enacted here) plus hand-signed SigV2 bucket requests that follow the AWS docs; prints a JSON report.

Usage: python3 auth_conformance.py <endpoint> <key> <secret> <bucket prefix>
"""
import base64
import hashlib
import hmac
import http.client
import json
import sys
import urllib.error
import urllib.request
from email.utils import formatdate
from urllib.parse import urlsplit

from botocore.exceptions import ClientError
from s3_client import make_client

endpoint, key, secret, prefix = sys.argv[1:5]
target = urlsplit(endpoint)
v2 = make_client(endpoint, key, secret, "s3")
v4 = make_client(endpoint, key, secret, "s3v4")
report = {}


def error(call):
    try:
        call()
        return "ok"
    except ClientError as failure:
        return [failure.response["ResponseMetadata"]["HTTPStatusCode"], failure.response["Error"]["Code"]]


def with_headers(client, operation, headers):
    """Adds headers before the request is signed, as s3-tests' _add_header_create_* helpers do."""
    handler = lambda **kwargs: kwargs["params"]["headers"].update(headers)  # noqa: E731
    client.meta.events.register(f"before-call.s3.{operation}", handler)
    return lambda: client.meta.events.unregister(f"before-call.s3.{operation}", handler)


def sigv2(method, path, query="", headers=None, body=b""):
    """A request signed by hand per the SigV2 docs: the resource is the un-decoded Request-URI path as sent."""
    headers = dict(headers or {})
    headers["Date"] = formatdate(usegmt=True)
    amz = "".join(f"{name.lower()}:{value}\n" for name, value in sorted(headers.items()) if name.lower().startswith("x-amz-"))
    resource = path + (f"?{query}" if query in ("acl",) else "")
    string_to_sign = f"{method}\n\n{headers.get('Content-Type', '')}\n{headers['Date']}\n{amz}{resource}"
    signature = base64.b64encode(hmac.new(secret.encode(), string_to_sign.encode(), hashlib.sha1).digest()).decode()
    headers["Authorization"] = f"AWS {key}:{signature}"
    connection = http.client.HTTPConnection(target.hostname, target.port)
    connection.request(method, path + (f"?{query}" if query else ""), body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, text


def status_of(url, method="GET", data=None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method, data=data)) as response:
            return response.status
    except urllib.error.HTTPError as failure:
        return [failure.code, failure.read().decode().split("<Code>")[1].split("</Code>")[0]]


# 1. SigV2 over the path as sent: `/bucket`, no trailing slash.
bucket = f"{prefix}-v2"
report["handSignedCreate"] = sigv2("PUT", f"/{bucket}")[0]
sigv2("PUT", f"/{bucket}/k", body=b"x")
status, listing = sigv2("GET", f"/{bucket}")
report["handSignedList"] = [status, "<Key>k</Key>" in listing]
report["handSignedPutAcl"] = sigv2("PUT", f"/{bucket}", "acl", {"x-amz-acl": "public-read"})[0]
status, acl = sigv2("GET", f"/{bucket}", "acl")
report["handSignedGetAcl"] = [status, "AllUsers" in acl]
sigv2("DELETE", f"/{bucket}/k")
report["handSignedDelete"] = sigv2("DELETE", f"/{bucket}")[0]

# 2. Dates of SigV2 requests (test_headers.py *_bad_date_*_aws2): before the epoch or empty is invalid, far is skewed.
dates = {"beforeEpoch": "Tue, 07 Jul 1950 21:53:04 GMT", "empty": "", "invalid": "Bad Date", "beforeToday": "Tue, 07 Jul 2010 21:53:04 GMT"}
report["bucketDates"] = {}
for name, value in dates.items():
    remove = with_headers(v2, "CreateBucket", {"x-amz-date": value})
    report["bucketDates"][name] = error(lambda: v2.create_bucket(Bucket=f"{prefix}-date-{name.lower()}"))
    remove()
v4.create_bucket(Bucket=f"{prefix}-objects")
remove = with_headers(v2, "PutObject", {"x-amz-date": dates["beforeEpoch"]})
report["objectBeforeEpoch"] = error(lambda: v2.put_object(Bucket=f"{prefix}-objects", Key="foo", Body=b"bar"))
remove()

# 3. Presigned URLs (test_s3.py test_object_raw_get_x_amz_expires_* and test_object_raw_put_authenticated_expired).
v4.put_object(Bucket=f"{prefix}-objects", Key="foo", Body=b"bar")
params = {"Bucket": f"{prefix}-objects", "Key": "foo"}
report["presignedGet"] = {
    str(expires): status_of(v4.generate_presigned_url("get_object", Params=params, ExpiresIn=expires))
    for expires in (100000, 0, 609901, -7)
}
report["presignedPutExpired"] = status_of(
    v4.generate_presigned_url("put_object", Params=params, ExpiresIn=-1000), method="PUT", data=b"foo"
)

print(json.dumps(report))
