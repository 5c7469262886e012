"""Every request header botocore's S3 model defines for the given operations, as JSON {header: [operations]}.

Usage: python3 botocore_request_headers.py Op1 Op2 ...
"""
import json
import sys

import botocore.session

model = botocore.session.get_session().get_service_model("s3")
headers = {}
for name in sys.argv[1:]:
    shape = model.operation_model(name).input_shape
    for member in (shape.members.values() if shape else []):
        if member.serialization.get("location") in ("header", "headers"):
            headers.setdefault(member.serialization["name"].lower(), []).append(name)
print(json.dumps(headers))
