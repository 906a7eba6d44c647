"""What the Python Standard Webhooks reference library (`standardwebhooks` on PyPI) does
with a `whsec_` secret given to its default constructor, `Webhook(secret).verify(body,
headers)`, written with the standard library only: PyPI cannot be reached where the tests
run, so the library itself cannot be installed. Its constructor strips `whsec_` and calls
`base64.b64decode(rest + "==")`; that default, non-validating decoding silently DROPS
characters outside the standard alphabet, such as base64url's `-` and `_`, which is why an
older (base64url) Reelay secret never verifies there. `verify` then takes the HMAC-SHA256
of `<webhook-id>.<webhook-timestamp>.<body>`, base64-encodes it, and compares it with each
space-separated `v1,` entry of `webhook-signature`.

Reads one JSON object on stdin: `secret`, `body` (base64 of the raw bytes), `headers`.
Prints one JSON object: `{"verified": true, "id": ...}` or `{"verified": false, "error": ...}`.
"""

import base64
import hashlib
import hmac
import json
import sys
import time

PREFIX = "whsec_"
TOLERANCE_SECONDS = 5 * 60


def verify(secret, body, headers):
    if secret.startswith(PREFIX):
        secret = secret[len(PREFIX):]
    key = base64.b64decode(secret + "==")
    if not key:
        raise ValueError("webhook secret may not be empty")
    data = body.decode()
    headers = {name.lower(): value for name, value in headers.items()}
    msg_id = headers.get("webhook-id")
    msg_timestamp = headers.get("webhook-timestamp")
    msg_signature = headers.get("webhook-signature")
    if not (msg_id and msg_timestamp and msg_signature):
        raise ValueError("Missing required headers")
    if abs(time.time() - float(msg_timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("Message timestamp out of tolerance")
    to_sign = f"{msg_id}.{int(float(msg_timestamp))}.{data}".encode()
    expected = hmac.new(key, to_sign, hashlib.sha256).digest()
    for versioned in msg_signature.split(" "):
        version, signature = versioned.split(",")
        if version != "v1":
            continue
        if hmac.compare_digest(expected, base64.b64decode(signature)):
            return json.loads(data)
    raise ValueError("No matching signature found")


def main():
    given = json.load(sys.stdin)
    try:
        event = verify(given["secret"], base64.b64decode(given["body"]), given["headers"])
        print(json.dumps({"verified": True, "id": event["id"]}))
    except Exception as error:  # the library raises several kinds; each means "refused"
        print(json.dumps({"verified": False, "error": f"{type(error).__name__}: {error}"}))


main()
