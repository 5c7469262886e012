"""RGW conformance details through boto3 (SigV4): canned ACL documents, bucket re-creation, Content-Encoding,
version ids and delete markers, listing of unreadable keys. Each entry is named after the s3-tests case whose
assertion it mirrors; prints a JSON report.

Usage: python3 boto3_conformance.py <endpoint> <bucket prefix> <main key> <main secret> <alt key> <alt secret>
"""
import http.client
import json
import sys
from urllib.parse import urlparse

from s3_client import error_code, make_client

endpoint, prefix, main_key, main_secret, alt_key, alt_secret = sys.argv[1:7]
main = make_client(endpoint, main_key, main_secret, "s3v4")
alt = make_client(endpoint, alt_key, alt_secret, "s3v4")
report = {}
counter = iter(range(1000))


def new_bucket(acl=None, client=main):
    name = f"{prefix}-{next(counter)}"
    client.create_bucket(Bucket=name, **({"ACL": acl} if acl else {}))
    return name



def grants(response):
    """Grants as listed, each (type, permission, id or uri, display name) — the fields check_grants compares."""
    return [
        [g["Grantee"]["Type"], g["Permission"], g["Grantee"].get("ID") or g["Grantee"].get("URI"), g["Grantee"].get("DisplayName")]
        for g in response["Grants"]
    ]


# ACL documents (test_bucket_acl_canned_*, test_object_acl_canned_*, test_versioned_object_acl).
for acl in ["private", "public-read", "public-read-write", "authenticated-read"]:
    report[f"bucket_acl_{acl}"] = grants(main.get_bucket_acl(Bucket=new_bucket(acl)))
shared = new_bucket("public-read-write")
alt.put_object(Bucket=shared, Key="foo", Body=b"bar")
for acl in ["bucket-owner-read", "bucket-owner-full-control"]:
    alt.put_object(ACL=acl, Bucket=shared, Key="foo")
    report[f"object_acl_{acl}"] = grants(alt.get_object_acl(Bucket=shared, Key="foo"))
versioned = new_bucket("public-read-write")
main.put_bucket_versioning(Bucket=versioned, VersioningConfiguration={"Status": "Enabled"})
alt.put_object(ACL="bucket-owner-full-control", Bucket=versioned, Key="foo", Body=b"v1")
first = alt.put_object(Bucket=versioned, Key="foo", Body=b"v2")["VersionId"]
alt.put_object(Bucket=versioned, Key="foo", Body=b"v3")
alt.put_object_acl(ACL="public-read", Bucket=versioned, Key="foo", VersionId=first)
report["versioned_object_acl"] = grants(alt.get_object_acl(Bucket=versioned, Key="foo", VersionId=first))
report["versioned_latest_acl"] = grants(alt.get_object_acl(Bucket=versioned, Key="foo"))

# Re-creating a bucket (test_bucket_create_exists, _recreate_not_overriding, _recreate_overwrite_acl, _recreate_new_acl, _create_exists_nonowner).
plain = new_bucket()
main.put_object(Bucket=plain, Key="mykey1", Body=b"1")
report["recreate_same"] = error_code(lambda: main.create_bucket(Bucket=plain))
report["recreate_keeps_objects"] = [o["Key"] for o in main.list_objects(Bucket=plain)["Contents"]]
report["recreate_new_acl"] = error_code(lambda: main.create_bucket(Bucket=plain, ACL="public-read"))
report["recreate_overwrite_acl"] = error_code(lambda: main.create_bucket(Bucket=new_bucket("public-read")))
report["recreate_same_canned"] = error_code(lambda: main.create_bucket(Bucket=new_bucket("public-read"), ACL="public-read"))
report["create_exists_nonowner"] = error_code(lambda: alt.create_bucket(Bucket=plain))
report["acl_unchanged"] = grants(main.get_bucket_acl(Bucket=plain))

# Content-Encoding (test_object_content_encoding_aws_chunked), and one header sent twice.
for sent in ["gzip", "deflate, gzip", "gzip, aws-chunked", "aws-chunked, gzip", "aws-chunked"]:
    main.put_object(Bucket=plain, Key="enc", ContentEncoding=sent, Body=b"x")
    report[f"encoding {sent}"] = main.head_object(Bucket=plain, Key="enc").get("ContentEncoding")
url = urlparse(endpoint)
connection = http.client.HTTPConnection(url.hostname, url.port)
connection.putrequest("PUT", f"/{shared}/twice")
for header, value in [("Content-Length", "1"), ("x-amz-acl", "public-read"), ("Content-Encoding", "deflate"), ("Content-Encoding", "gzip")]:
    connection.putheader(header, value)
connection.endheaders(b"x")
report["encoding sent twice"] = [connection.getresponse().status, main.head_object(Bucket=shared, Key="twice").get("ContentEncoding")]

# Version ids in a bucket that was never versioned; delete markers where there is versioning.
put = main.put_object(Bucket=plain, Key="k", Body=b"x")
copied = main.copy_object(Bucket=plain, Key="k2", CopySource={"Bucket": plain, "Key": "k"})
responses = {
    "put": put,
    "get": main.get_object(Bucket=plain, Key="k"),
    "head": main.head_object(Bucket=plain, Key="k"),
    "copy": copied,
    "delete": main.delete_object(Bucket=plain, Key="k2"),
}
report["unversioned_version_ids"] = {name: "VersionId" in r or "DeleteMarker" in r for name, r in responses.items()}
report["unversioned_listed_version"] = [v["VersionId"] for v in main.list_object_versions(Bucket=plain, Prefix="k")["Versions"]]
marker = main.delete_object(Bucket=versioned, Key="foo")
report["delete_creates_marker"] = marker.get("DeleteMarker")
removed = main.delete_object(Bucket=versioned, Key="foo", VersionId=marker["VersionId"])
report["delete_removes_marker"] = [removed.get("DeleteMarker"), removed["VersionId"] == marker["VersionId"]]
report["delete_version"] = "DeleteMarker" in main.delete_object(Bucket=versioned, Key="foo", VersionId=first)
main.put_bucket_versioning(Bucket=versioned, VersioningConfiguration={"Status": "Suspended"})
suspended = main.delete_object(Bucket=versioned, Key="foo")
report["suspended_delete"] = [suspended.get("DeleteMarker"), suspended.get("VersionId")]

# Listing (test_bucket_list*_unreadable, test_bucket_list*_encoding_basic, test_bucket_listv2_continuationtoken_empty).
listing = new_bucket()
for key in ["bar", "baz", "foo", "quxx", "\x0a", "a\x01b", "foo+1/bar", "quux ab/thud"]:
    main.put_object(Bucket=listing, Key=key, Body=b"")
keys = lambda response: [o["Key"] for o in response.get("Contents", [])]  # noqa: E731
prefixes = lambda response: [p["Prefix"] for p in response.get("CommonPrefixes", [])]  # noqa: E731
v1 = main.list_objects(Bucket=listing, Delimiter="\x0a")
report["list_delimiter_unreadable"] = [v1["Delimiter"], keys(v1), prefixes(v1)]
v2 = main.list_objects_v2(Bucket=listing, Delimiter="\x0a")
report["listv2_delimiter_unreadable"] = [v2["Delimiter"], keys(v2), prefixes(v2)]
report["list_prefix_unreadable"] = [(r["Prefix"], keys(r)) for r in [main.list_objects(Bucket=listing, Prefix="\x0a")]]
report["listv2_prefix_unreadable"] = [(r["Prefix"], keys(r)) for r in [main.list_objects_v2(Bucket=listing, Prefix="\x0a")]]
report["list_marker_unreadable"] = [(r["Marker"], keys(r)[:2]) for r in [main.list_objects(Bucket=listing, Marker="\x0a")]]
report["listv2_startafter_unreadable"] = [(r["StartAfter"], keys(r)[:2]) for r in [main.list_objects_v2(Bucket=listing, StartAfter="\x0a")]]
encoded = main.list_objects_v2(Bucket=listing, Delimiter="/", EncodingType="url")
report["listv2_encoding_basic"] = [encoded["Delimiter"], keys(encoded), prefixes(encoded)]
encoded = main.list_objects(Bucket=listing, Delimiter="/", EncodingType="url")
report["list_encoding_basic"] = [encoded["Delimiter"], keys(encoded), prefixes(encoded)]
empty = main.list_objects_v2(Bucket=listing, ContinuationToken="")
report["listv2_continuationtoken_empty"] = [empty["ContinuationToken"], empty["IsTruncated"], len(keys(empty))]
unordered = make_client(endpoint, main_key, main_secret, "s3v4")
unordered.meta.events.register("before-call.s3.ListObjects", lambda params, **_: params.update(url=params["url"] + "&allow-unordered=true"))
report["list_unordered"] = [len(keys(unordered.list_objects(Bucket=listing))), error_code(lambda: unordered.list_objects(Bucket=listing, Delimiter="/"))]
print(json.dumps(report))
