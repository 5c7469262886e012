"""The boto3 client every script here uses: path-style addressing, one attempt (errors must show, not be retried)."""
import boto3
from botocore.client import Config


def make_client(endpoint, key, secret, signature_version):
    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        aws_access_key_id=key,
        aws_secret_access_key=secret,
        region_name="us-east-1",
        config=Config(signature_version=signature_version, s3={"addressing_style": "path"}, retries={"max_attempts": 1}),
    )


def error_code(call, success="ok"):
    """The S3 error code a call fails with, or `success`."""
    from botocore.exceptions import ClientError

    try:
        call()
    except ClientError as error:
        return error.response["Error"]["Code"]
    return success
