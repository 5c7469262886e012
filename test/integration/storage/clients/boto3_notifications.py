"""boto3's `sns` and `s3` clients against the storage endpoint: topics (RGW's SNS-compatible API) and a bucket's
notification configuration with prefix and suffix filters, plus the refusals.

Usage: python3 boto3_notifications.py <endpoint> <access key> <secret key> <bucket> <push endpoint>; prints a JSON report.
"""
import json
import sys

import boto3
from botocore.client import Config
from botocore.exceptions import ClientError

from s3_client import error_code, make_client

endpoint, key, secret, bucket, push = sys.argv[1:6]
sns = boto3.client(
    "sns",
    endpoint_url=endpoint,
    aws_access_key_id=key,
    aws_secret_access_key=secret,
    region_name="us-east-1",
    config=Config(retries={"max_attempts": 1}),
)
s3 = make_client(endpoint, key, secret, "s3v4")
report = {}

name = bucket + "-topic"
created = sns.create_topic(
    Name=name, Attributes={"push-endpoint": push, "persistent": "true", "OpaqueData": "opaque-1"}
)
arn = created["TopicArn"]
report["arn"] = arn
report["listed"] = arn in [topic["TopicArn"] for topic in sns.list_topics()["Topics"]]
report["attributes"] = sns.get_topic_attributes(TopicArn=arn)["Attributes"]


def sns_error(call):
    try:
        call()
    except ClientError as error:
        return [error.response["ResponseMetadata"]["HTTPStatusCode"], error.response["Error"]["Code"]]
    return "ok"


report["badEndpoint"] = sns_error(lambda: sns.create_topic(Name=name + "-ftp", Attributes={"push-endpoint": "ftp://example.com/"}))
report["sqsEndpoint"] = sns_error(
    lambda: sns.create_topic(Name=name + "-sqs", Attributes={"push-endpoint": "arn:aws:sqs:us-east-1:123456789012:q"})
)
report["badName"] = sns_error(lambda: sns.create_topic(Name="no spaces", Attributes={"push-endpoint": push}))
report["unknownTopic"] = sns_error(lambda: sns.get_topic_attributes(TopicArn="arn:aws:sns:us-east-1::nope-" + bucket))
report["afterBad"] = sorted(topic["TopicArn"] for topic in sns.list_topics()["Topics"])

s3.create_bucket(Bucket=bucket)
report["emptyConfig"] = s3.get_bucket_notification_configuration(Bucket=bucket).get("TopicConfigurations", [])
configuration = {
    "TopicConfigurations": [
        {
            "Id": "txt-in",
            "TopicArn": arn,
            "Events": ["s3:ObjectCreated:*", "s3:ObjectRemoved:*"],
            "Filter": {"Key": {"FilterRules": [{"Name": "prefix", "Value": "in/"}, {"Name": "suffix", "Value": ".txt"}]}},
        }
    ]
}
s3.put_bucket_notification_configuration(Bucket=bucket, NotificationConfiguration=configuration)
back = s3.get_bucket_notification_configuration(Bucket=bucket)["TopicConfigurations"]
report["configBack"] = back


def put_config(topic_arn, events):
    return error_code(
        lambda: s3.put_bucket_notification_configuration(
            Bucket=bucket,
            NotificationConfiguration={"TopicConfigurations": [{"Id": "x", "TopicArn": topic_arn, "Events": events}]},
        )
    )


report["unknownTopicConfig"] = put_config("arn:aws:sns:us-east-1::nope-" + bucket, ["s3:ObjectCreated:*"])
report["unsupportedEvent"] = put_config(arn, ["s3:ObjectRestore:Post"])
report["queueConfig"] = error_code(
    lambda: s3.put_bucket_notification_configuration(
        Bucket=bucket,
        NotificationConfiguration={
            "QueueConfigurations": [{"QueueArn": "arn:aws:sqs:us-east-1:123456789012:q", "Events": ["s3:ObjectCreated:*"]}]
        },
    )
)
report["unchanged"] = s3.get_bucket_notification_configuration(Bucket=bucket)["TopicConfigurations"] == back

other = sns.create_topic(Name=name + "-gone", Attributes={"push-endpoint": push})["TopicArn"]
sns.delete_topic(TopicArn=other)
report["deletedGone"] = other not in [topic["TopicArn"] for topic in sns.list_topics()["Topics"]]
report["deleteAgain"] = sns_error(lambda: sns.delete_topic(TopicArn=other))
print(json.dumps(report))
