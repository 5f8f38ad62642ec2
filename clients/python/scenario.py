#!/usr/bin/python3
"""Partita single-table scenario, run with boto3's low-level DynamoDB client.

Usage:
    PARTITA_ENDPOINT=http://127.0.0.1:8000 \
    AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita-secret AWS_REGION=us-east-1 \
    /usr/bin/python3 clients/python/scenario.py

Exits 0 and prints "SCENARIO OK python" as its last line when every step
passed; otherwise exits 1 with a "FAIL [step] ..." message saying what differed.

Numbers (N) are kept as strings by the low-level client, so the 38-digit amount
never goes through a float. Binary (B) values come back as bytes.
"""

import json
import os
import sys
import time
import uuid
from decimal import Decimal

import boto3
import botocore
import botocore.parsers
from botocore.config import Config
from botocore.exceptions import ClientError

CLIENT = "python"


# ---------------------------------------------------------------- helpers ---

class StepFailed(Exception):
    pass


def fail(step, message):
    raise StepFailed(f"FAIL [{step}] {message}")


def normalize(value):
    """Make an AttributeValue map comparable: sets (SS/NS/BS) compare as sets."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ("SS", "NS", "BS") and isinstance(v, list):
                out[k] = sorted(v)
            else:
                out[k] = normalize(v)
        return out
    if isinstance(value, list):
        return [normalize(v) for v in value]
    return value


def expect(step, actual, expected, what="value"):
    a, e = normalize(actual), normalize(expected)
    if a != e:
        where = ""
        if isinstance(a, dict) and isinstance(e, dict):
            where = f" in {sorted(k for k in a.keys() | e.keys() if a.get(k) != e.get(k))}"
        fail(step, f"{what} differs{where}\n  expected: {e!r}\n  actual:   {a!r}")
    print(f"  ok  {step}: {what}")


def expect_error(step, fn, code, status=400):
    """Run fn(); it must raise ClientError with this error code and HTTP status."""
    try:
        result = fn()
    except ClientError as e:
        got = e.response.get("Error", {}).get("Code")
        if got != code:
            fail(step, f"expected error {code}, got {got}: {e}")
        got_status = e.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
        if got_status != status:
            fail(step, f"expected HTTP {status} for {code}, got {got_status}")
        print(f"  ok  {step}: {code} (HTTP {got_status})")
        return e
    fail(step, f"expected error {code}, but the call succeeded: {result!r}")


def enable_return_values_on_condition_check_failure(client):
    """ReturnValuesOnConditionCheckFailure on PutItem/UpdateItem/DeleteItem arrived in
    botocore 1.29.151 (June 2023). Debian 12's botocore (1.29.27) predates it, so its
    parameter validation rejects the parameter and its error model has no `Item`.

    On such a botocore this puts the parameter into the JSON request body (exactly
    what a newer botocore sends on the wire) and copies `Item` from the error body
    into e.response['Item'], decoded like GetItem's Item. On a botocore that knows
    the parameter it does nothing.
    """
    model = client.meta.service_model
    param = "ReturnValuesOnConditionCheckFailure"
    if param in model.operation_model("PutItem").input_shape.members:
        return False
    item_shape = model.operation_model("GetItem").output_shape  # {Item: AttributeMap}
    parser = botocore.parsers.create_parser(model.metadata["protocol"])

    def stash(params, context, **_):
        if param in params:
            context["partita_rvoccf"] = params.pop(param)

    def inject(params, context, **_):
        if "partita_rvoccf" in context:
            body = json.loads(params["body"] or b"{}")
            body[param] = context["partita_rvoccf"]
            params["body"] = json.dumps(body).encode("utf-8")

    def copy_item(http_response, parsed, context, **_):
        if "partita_rvoccf" in context and http_response.status_code >= 300 and "Item" not in parsed:
            decoded = parser.parse(
                {"body": http_response.content, "headers": http_response.headers, "status_code": 200},
                item_shape,
            )
            if "Item" in decoded:
                parsed["Item"] = decoded["Item"]

    for op in ("PutItem", "UpdateItem", "DeleteItem"):
        client.meta.events.register(f"before-parameter-build.dynamodb.{op}", stash)
        client.meta.events.register(f"before-call.dynamodb.{op}", inject)
        client.meta.events.register(f"after-call.dynamodb.{op}", copy_item)
    return True


# ------------------------------------------------------------------- data ---

PK = "USER#alice"

PROFILE = {
    "PK": {"S": PK},
    "SK": {"S": "PROFILE"},
    "entity": {"S": "User"},
    "username": {"S": "alice"},
    "email": {"S": "alice@example.com"},
    "createdAt": {"S": "2025-01-15T10:00:00Z"},
    "tags": {"SS": ["admin", "beta"]},
    "prefs": {"M": {"theme": {"S": "dark"}, "notifications": {"BOOL": True}}},
    "avatar": {"B": bytes([0x00, 0xFF, 0x10, 0x80, 0x7F])},
}


PENDING_INDEX = "ORDERS#PENDING"   # GSI1PK of a pending order
SHIPPED_INDEX = "ORDERS#SHIPPED"   # GSI1PK of a shipped order


def order(n, amount, sku, qty, date, extra=None):
    item = {
        "PK": {"S": PK},
        "SK": {"S": f"ORDER#2025-00{n}"},
        "entity": {"S": "Order"},
        "status": {"S": "PENDING"},
        "amount": {"N": amount},
        "items": {"L": [{"M": {"sku": {"S": sku}, "qty": {"N": qty}}}]},
        # GSI1 (overloaded, sparse): orders by status, by date; the profile has neither.
        "GSI1PK": {"S": PENDING_INDEX},
        "GSI1SK": {"S": f"{date}#00{n}"},
    }
    item.update(extra or {})
    return item


ORDERS = [
    order(1, "129.99", "SKU-RED-MUG", "2", "2025-01-05"),
    # 38 significant digits: must round-trip as exactly this string.
    order(2, "12345678901234567890.123456789012345678", "SKU-GPU-9000", "1", "2025-02-11"),
    order(3, "0.5", "SKU-STICKER", "10", "2025-01-20", {"note": {"NULL": True}}),
]

SHIPPED_AT = "2025-01-16T09:30:00Z"

GSI1 = {
    "IndexName": "GSI1",
    "KeySchema": [
        {"AttributeName": "GSI1PK", "KeyType": "HASH"},
        {"AttributeName": "GSI1SK", "KeyType": "RANGE"},
    ],
    "Projection": {"ProjectionType": "ALL"},
}


def key(sk):
    return {"PK": {"S": PK}, "SK": {"S": sk}}


# Step 11's batch load: 30 products p01..p30 (more than BatchWriteItem's 25 per request),
# all in the GSI1 partition PRODUCTS, sorted there by product id.
PRODUCTS_INDEX = "PRODUCTS"
PRODUCT_COUNT = 30
BATCH_WRITE_MAX = 25   # requests per BatchWriteItem call
MAX_ROUNDS = 8         # calls per chunk while UnprocessedItems is not empty


def product_id(n):
    return f"p{n:02d}"


def product_key(n):
    return {"PK": {"S": f"PRODUCT#{product_id(n)}"}, "SK": {"S": "PRODUCT"}}


def product(n, stock=None):
    """Product n (1-30), with stock 10 * n unless given."""
    return {**product_key(n), "entity": {"S": "Product"},
            "stock": {"N": str(10 * n if stock is None else stock)},
            "GSI1PK": {"S": PRODUCTS_INDEX}, "GSI1SK": {"S": product_id(n)}}


# Step 12's orders of product p01 (stock 10), each placed by one TransactWriteItems.
ORDER4 = order(4, "19.98", "p01", "2", "2025-03-01")   # placed: stock 10 -> 8
ORDER5 = order(5, "89.91", "p01", "9", "2025-03-02")   # refused: 9 > 8
ORDER6 = order(6, "9.99", "p01", "1", "2025-03-03")    # placed once, sent twice: 8 -> 7


# ------------------------------------------------------------------ steps ---

class Scenario:
    def __init__(self, ddb, table, resource=None, streams=None):
        self.ddb = ddb
        self.resource = resource
        self.streams = streams
        self.table = table
        self.table_deleted = False

    def get(self, sk):
        return self.ddb.get_item(TableName=self.table, Key=key(sk), ConsistentRead=True)

    def step01_create_table(self):
        step = "1 CreateTable"
        resp = self.ddb.create_table(
            TableName=self.table,
            AttributeDefinitions=[
                {"AttributeName": "PK", "AttributeType": "S"},
                {"AttributeName": "SK", "AttributeType": "S"},
                {"AttributeName": "GSI1PK", "AttributeType": "S"},
                {"AttributeName": "GSI1SK", "AttributeType": "S"},
            ],
            KeySchema=[
                {"AttributeName": "PK", "KeyType": "HASH"},
                {"AttributeName": "SK", "KeyType": "RANGE"},
            ],
            GlobalSecondaryIndexes=[GSI1],
            BillingMode="PAY_PER_REQUEST",
        )
        expect(step, resp["TableDescription"]["TableName"], self.table, "TableName")
        deadline = time.time() + 60
        while True:
            desc = self.ddb.describe_table(TableName=self.table)["Table"]
            if desc["TableStatus"] == "ACTIVE" and all(
                    i.get("IndexStatus") == "ACTIVE" for i in desc.get("GlobalSecondaryIndexes", [])):
                break
            if time.time() > deadline:
                fail(step, f"table or index not ACTIVE after 60 s (status {desc['TableStatus']}, "
                           f"indexes {[i.get('IndexStatus') for i in desc.get('GlobalSecondaryIndexes', [])]})")
            time.sleep(0.5)
        expect(step, desc["TableStatus"], "ACTIVE", "DescribeTable TableStatus")
        expect(step, desc["KeySchema"], [
            {"AttributeName": "PK", "KeyType": "HASH"},
            {"AttributeName": "SK", "KeyType": "RANGE"},
        ], "DescribeTable KeySchema")
        expect(step, sorted(desc["AttributeDefinitions"], key=lambda d: d["AttributeName"]), [
            {"AttributeName": "GSI1PK", "AttributeType": "S"},
            {"AttributeName": "GSI1SK", "AttributeType": "S"},
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
        ], "DescribeTable AttributeDefinitions")
        gsis = desc.get("GlobalSecondaryIndexes", [])
        expect(step, [{k: i.get(k) for k in ("IndexName", "KeySchema", "Projection", "IndexStatus")} for i in gsis],
               [{**GSI1, "IndexStatus": "ACTIVE"}], "DescribeTable GlobalSecondaryIndexes")
        expect(step, desc.get("BillingModeSummary", {}).get("BillingMode"), "PAY_PER_REQUEST",
               "DescribeTable BillingModeSummary.BillingMode")

    def step02_put_profile(self):
        resp = self.ddb.put_item(TableName=self.table, Item=PROFILE)
        expect("2 PutItem profile", "Attributes" in resp, False, "no Attributes returned (ReturnValues NONE)")

    def step03_put_orders(self):
        for o in ORDERS:
            self.ddb.put_item(TableName=self.table, Item=o)
        print(f"  ok  3 PutItem orders: {len(ORDERS)} written")

    def step04_get_items(self):
        expect("4 GetItem PROFILE", self.get("PROFILE").get("Item"), PROFILE, "item")
        for o in ORDERS:
            sk = o["SK"]["S"]
            expect(f"4 GetItem {sk}", self.get(sk).get("Item"), o, "item")

    UPDATE = dict(
        UpdateExpression="SET #s = :shipped, shippedAt = :t, GSI1PK = :shippedIndex ADD version :one",
        ConditionExpression="#s = :pending",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={
            ":shipped": {"S": "SHIPPED"},
            ":pending": {"S": "PENDING"},
            ":t": {"S": SHIPPED_AT},
            ":shippedIndex": {"S": SHIPPED_INDEX},
            ":one": {"N": "1"},
        },
        ReturnValues="ALL_NEW",
    )

    def shipped_order1(self):
        return {**ORDERS[0], "status": {"S": "SHIPPED"}, "shippedAt": {"S": SHIPPED_AT},
                "GSI1PK": {"S": SHIPPED_INDEX}, "version": {"N": "1"}}

    def step05_conditional_update(self):
        step = "5 UpdateItem ORDER#2025-001"
        resp = self.ddb.update_item(TableName=self.table, Key=key("ORDER#2025-001"), **self.UPDATE)
        attrs = resp.get("Attributes", {})
        expect(step, attrs.get("status"), {"S": "SHIPPED"}, "status")
        expect(step, attrs.get("version"), {"N": "1"}, "version")
        expect(step, attrs, self.shipped_order1(), "ALL_NEW attributes")

    def step06_conditional_update_fails(self):
        step = "6 UpdateItem again"
        expect_error(step, lambda: self.ddb.update_item(
            TableName=self.table, Key=key("ORDER#2025-001"), **self.UPDATE),
            "ConditionalCheckFailedException")
        expect(step, self.get("ORDER#2025-001").get("Item"), self.shipped_order1(),
               "item unchanged by the failed update")

    # Steps 6a-6e read the item collection as it stands after step 6: the profile and
    # the three orders, ORDER#2025-001 shipped.

    def query(self, **kwargs):
        return self.ddb.query(TableName=self.table, **kwargs)

    LATEST_ORDERS = dict(
        KeyConditionExpression="PK = :pk AND begins_with(SK, :order)",
        ExpressionAttributeValues={":pk": {"S": PK}, ":order": {"S": "ORDER#"}},
        ScanIndexForward=False,
        Limit=2,
    )

    def step06a_query_collection(self):
        step = "6a Query item collection"
        resp = self.query(KeyConditionExpression="PK = :pk",
                          ExpressionAttributeValues={":pk": {"S": PK}}, ConsistentRead=True)
        items = resp.get("Items", [])
        expect(step, [i["SK"]["S"] for i in items],
               ["ORDER#2025-001", "ORDER#2025-002", "ORDER#2025-003", "PROFILE"], "sort keys, ascending")
        expect(step, items, [self.shipped_order1(), ORDERS[1], ORDERS[2], PROFILE], "items equal GetItem's")
        expect(step, resp.get("Count"), 4, "Count")
        expect(step, resp.get("ScannedCount"), 4, "ScannedCount")
        expect(step, "LastEvaluatedKey" in resp, False, "no LastEvaluatedKey")

    def step06b_query_latest_orders_paged(self):
        step = "6b Query latest orders, page 1"
        resp = self.query(**self.LATEST_ORDERS)
        items = resp.get("Items", [])
        expect(step, [i["SK"]["S"] for i in items], ["ORDER#2025-003", "ORDER#2025-002"], "sort keys, descending")
        expect(step, items, [ORDERS[2], ORDERS[1]], "items")
        expect(step, resp.get("Count"), 2, "Count")
        expect(step, resp.get("LastEvaluatedKey"), key("ORDER#2025-002"), "LastEvaluatedKey")
        step = "6b Query latest orders, page 2"
        resp = self.query(**self.LATEST_ORDERS, ExclusiveStartKey=resp["LastEvaluatedKey"])
        items = resp.get("Items", [])
        expect(step, [i["SK"]["S"] for i in items], ["ORDER#2025-001"], "sort keys")
        expect(step, items, [self.shipped_order1()], "items")
        expect(step, resp.get("Count"), 1, "Count")
        expect(step, "LastEvaluatedKey" in resp, False, "no LastEvaluatedKey (page not cut by Limit)")

    def step06c_query_filter_projection(self):
        step = "6c Query filter and projection"
        resp = self.query(
            KeyConditionExpression="PK = :pk AND begins_with(SK, :order)",
            FilterExpression="#s = :shipped",
            ProjectionExpression="SK, #s",
            ExpressionAttributeNames={"#s": "status"},
            ExpressionAttributeValues={":pk": {"S": PK}, ":order": {"S": "ORDER#"}, ":shipped": {"S": "SHIPPED"}},
        )
        expect(step, resp.get("Items"), [{"SK": {"S": "ORDER#2025-001"}, "status": {"S": "SHIPPED"}}],
               "projected items")
        expect(step, resp.get("Count"), 1, "Count")
        expect(step, resp.get("ScannedCount"), 3, "ScannedCount")

    def step06d_query_filter_on_key_fails(self):
        step = "6d Query filter on a key attribute"
        e = expect_error(step, lambda: self.query(
            KeyConditionExpression="PK = :pk", FilterExpression="SK = :x",
            ExpressionAttributeValues={":pk": {"S": PK}, ":x": {"S": "PROFILE"}}),
            "ValidationException")
        message = e.response.get("Error", {}).get("Message", "")
        want = "Filter Expression can only contain non-primary key attributes"
        if want not in message:
            fail(step, f"message does not contain {want!r}: {message!r}")
        print(f"  ok  {step}: message: {message}")

    def step06e_scan_count(self):
        step = "6e Scan Select COUNT"
        resp = self.ddb.scan(TableName=self.table, Select="COUNT")
        expect(step, resp.get("Count"), 4, "Count")
        expect(step, resp.get("ScannedCount"), 4, "ScannedCount")
        expect(step, "Items" in resp, False, "no Items")

    # Steps 6f-6h query the GSI1 index: orders by status (GSI1PK), by date (GSI1SK).
    # The profile has no GSI1 attributes, so it is never in the index (sparse).

    PENDING_ORDERS = dict(
        IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :p",
        ExpressionAttributeValues={":p": {"S": PENDING_INDEX}},
    )

    def step06f_query_gsi(self):
        step = "6f Query GSI1 pending orders"
        resp = self.query(**self.PENDING_ORDERS)
        items = resp.get("Items", [])
        expect(step, [i["GSI1SK"]["S"] for i in items], ["2025-01-20#003", "2025-02-11#002"],
               "GSI1SK, ascending (no profile)")
        expect(step, items, [ORDERS[2], ORDERS[1]], "items (Projection ALL)")
        expect(step, resp.get("Count"), 2, "Count")
        expect(step, resp.get("ScannedCount"), 2, "ScannedCount")
        expect(step, "LastEvaluatedKey" in resp, False, "no LastEvaluatedKey")

    def step06g_query_gsi_paged(self):
        step = "6g Query GSI1 pending orders, page 1"
        resp = self.query(**self.PENDING_ORDERS, Limit=1)
        expect(step, resp.get("Items"), [ORDERS[2]], "items")
        expect(step, resp.get("LastEvaluatedKey"),
               {k: ORDERS[2][k] for k in ("GSI1PK", "GSI1SK", "PK", "SK")},
               "LastEvaluatedKey (index and table keys)")
        step = "6g Query GSI1 pending orders, page 2"
        resp = self.query(**self.PENDING_ORDERS, ExclusiveStartKey=resp["LastEvaluatedKey"])
        expect(step, resp.get("Items"), [ORDERS[1]], "items")
        expect(step, "LastEvaluatedKey" in resp, False, "no LastEvaluatedKey")
        step = "6g Query GSI1 shipped orders"
        resp = self.query(IndexName="GSI1", KeyConditionExpression="GSI1PK = :s",
                          ExpressionAttributeValues={":s": {"S": SHIPPED_INDEX}})
        expect(step, resp.get("Items"), [self.shipped_order1()], "items")

    def step06h_query_gsi_consistent_fails(self):
        step = "6h Query GSI1 ConsistentRead"
        e = expect_error(step, lambda: self.query(**self.PENDING_ORDERS, ConsistentRead=True),
                         "ValidationException")
        message = e.response.get("Error", {}).get("Message", "")
        want = "Consistent reads are not supported on global secondary indexes"
        if want not in message:
            fail(step, f"message does not contain {want!r}: {message!r}")
        print(f"  ok  {step}: message: {message}")

    def step07_put_if_absent_fails(self):
        step = "7 PutItem attribute_not_exists"
        new_profile = {**PROFILE, "email": {"S": "alice@new.example.com"}}
        e = expect_error(step, lambda: self.ddb.put_item(
            TableName=self.table, Item=new_profile,
            ConditionExpression="attribute_not_exists(PK)",
            ReturnValuesOnConditionCheckFailure="ALL_OLD"),
            "ConditionalCheckFailedException")
        old = e.response.get("Item")
        if old is None:
            fail(step, f"no Item in the error response: {e.response!r}")
        expect(step, old.get("username"), {"S": "alice"}, "error Item username")
        expect(step, old, PROFILE, "error Item (ALL_OLD)")
        expect(step, self.get("PROFILE").get("Item"), PROFILE, "profile unchanged")

    def step08_validation_error(self):
        expect_error("8 GetItem key without SK", lambda: self.ddb.get_item(
            TableName=self.table, Key={"PK": {"S": PK}}), "ValidationException")

    def step09_missing_table(self):
        expect_error("9 GetItem missing table", lambda: self.ddb.get_item(
            TableName=self.table + "-missing", Key=key("PROFILE")), "ResourceNotFoundException")

    def step10_delete_item(self):
        step = "10 DeleteItem ORDER#2025-002"
        resp = self.ddb.delete_item(TableName=self.table, Key=key("ORDER#2025-002"), ReturnValues="ALL_OLD")
        expect(step, resp.get("Attributes"), ORDERS[1], "ALL_OLD attributes")
        expect(step, "Item" in self.get("ORDER#2025-002"), False, "GetItem after delete has no Item")

    # Step 11: the batch load (30 products), read back by BatchGetItem and through GSI1.

    def batch_write_all(self, step, requests):
        """BatchWriteItem of any number of write requests: in calls of at most 25, each
        followed through UnprocessedItems until empty (with a backoff), as the guides say.
        Returns the number of requests of each first call of a chunk, and the retries."""
        sizes, retries = [], 0
        for start in range(0, len(requests), BATCH_WRITE_MAX):
            pending = {self.table: requests[start:start + BATCH_WRITE_MAX]}
            sizes.append(len(pending[self.table]))
            for attempt in range(MAX_ROUNDS):
                resp = self.ddb.batch_write_item(RequestItems=pending)
                pending = resp.get("UnprocessedItems") or {}
                if not pending:
                    break
                retries += 1
                time.sleep(0.05 * 2 ** attempt)
            else:
                fail(step, f"UnprocessedItems still not empty after {MAX_ROUNDS} calls: {pending!r}")
        return sizes, retries

    def step11a_batch_write(self):
        step = "11a BatchWriteItem 30 products"
        requests = [{"PutRequest": {"Item": product(n)}} for n in range(1, PRODUCT_COUNT + 1)]
        sizes, retries = self.batch_write_all(step, requests)
        expect(step, sizes, [25, 5], "requests per BatchWriteItem call")
        print(f"  ok  {step}: UnprocessedItems followed until empty ({retries} retries)")

    def step11b_batch_get(self):
        step = "11b BatchGetItem 3 products and a missing key"
        resp = self.ddb.batch_get_item(RequestItems={self.table: {
            "Keys": [product_key(1), product_key(15), product_key(99), product_key(30)],
            "ProjectionExpression": "PK, stock",
            "ConsistentRead": True,
        }})
        expect(step, sorted(resp.get("Responses", {}).keys()), [self.table], "Responses tables")
        items = sorted(resp["Responses"][self.table], key=lambda i: i["PK"]["S"])  # order is unspecified
        expect(step, items, [{"PK": product(n)["PK"], "stock": product(n)["stock"]} for n in (1, 15, 30)],
               "projected items, as a set (no item for PRODUCT#p99)")
        expect(step, resp.get("UnprocessedKeys"), {}, "UnprocessedKeys empty")

    def step11c_query_gsi_products(self):
        step = "11c Query GSI1 products"
        resp = self.query(IndexName="GSI1", KeyConditionExpression="GSI1PK = :p",
                          ExpressionAttributeValues={":p": {"S": PRODUCTS_INDEX}})
        expect(step, resp.get("Count"), PRODUCT_COUNT, "Count")
        expect(step, [i["GSI1SK"]["S"] for i in resp.get("Items", [])],
               [product_id(n) for n in range(1, PRODUCT_COUNT + 1)], "GSI1SK, ascending")
        expect(step, "LastEvaluatedKey" in resp, False, "no LastEvaluatedKey")

    def step11d_batch_write_duplicates_fail(self):
        step = "11d BatchWriteItem same item twice"
        expect_error(step, lambda: self.ddb.batch_write_item(RequestItems={self.table: [
            {"PutRequest": {"Item": product(31)}},
            {"PutRequest": {"Item": product(31, stock=1)}},
        ]}), "ValidationException")
        got = self.ddb.get_item(TableName=self.table, Key=product_key(31), ConsistentRead=True)
        expect(step, "Item" in got, False, "nothing written (PRODUCT#p31 absent)")

    # Step 12: the guides' inventory transaction: take stock of p01 and place an order, or neither.

    def buy(self, order_item, token=None):
        """TransactWriteItems: stock of p01 minus the order's quantity if there is enough,
        and the order put if it does not exist yet."""
        qty = order_item["items"]["L"][0]["M"]["qty"]
        extra = {"ClientRequestToken": token} if token else {}
        return self.ddb.transact_write_items(TransactItems=[
            {"Update": {
                "TableName": self.table,
                "Key": product_key(1),
                "UpdateExpression": "SET stock = stock - :q",
                "ConditionExpression": "stock >= :q",
                "ExpressionAttributeValues": {":q": qty},
            }},
            {"Put": {
                "TableName": self.table,
                "Item": order_item,
                "ConditionExpression": "attribute_not_exists(PK)",
            }},
        ], **extra)

    def stock(self):
        item = self.ddb.get_item(TableName=self.table, Key=product_key(1), ConsistentRead=True).get("Item", {})
        return item.get("stock")

    def order_count(self):
        return self.query(KeyConditionExpression="PK = :pk AND begins_with(SK, :order)",
                          ExpressionAttributeValues={":pk": {"S": PK}, ":order": {"S": "ORDER#"}},
                          Select="COUNT", ConsistentRead=True)["Count"]

    def step12a_transaction(self):
        step = "12a TransactWriteItems order 4 (2 of p01)"
        expect(step, self.order_count(), 2, "orders before (001 and 003)")
        self.buy(ORDER4)
        expect(step, self.stock(), {"N": "8"}, "stock 10 - 2")
        expect(step, self.get(ORDER4["SK"]["S"]).get("Item"), ORDER4, "order placed")
        expect(step, self.order_count(), 3, "order count")

    def step12b_transaction_cancelled(self):
        step = "12b TransactWriteItems order 5 (9 of p01, 8 in stock)"
        e = expect_error(step, lambda: self.buy(ORDER5), "TransactionCanceledException")
        reasons = e.response.get("CancellationReasons")
        if reasons is None:
            fail(step, f"no CancellationReasons in the error response: {e.response!r}")
        expect(step, [r.get("Code") for r in reasons], ["ConditionalCheckFailed", "None"],
               "CancellationReasons codes, in request order")
        expect(step, self.stock(), {"N": "8"}, "stock unchanged")
        expect(step, "Item" in self.get(ORDER5["SK"]["S"]), False, "order 5 not placed")
        expect(step, self.order_count(), 3, "order count unchanged")

    def step12c_transaction_idempotent(self):
        step = "12c TransactWriteItems order 6 twice, one ClientRequestToken"
        token = str(uuid.uuid4())
        self.buy(ORDER6, token)
        self.buy(ORDER6, token)  # the same request, same token: succeeds without applying again
        expect(step, self.stock(), {"N": "7"}, "stock 8 - 1, once")
        expect(step, self.get(ORDER6["SK"]["S"]).get("Item"), ORDER6, "order placed")
        expect(step, self.order_count(), 4, "order count")

    def step12d_transact_get(self):
        step = "12d TransactGetItems order 4 and p01"
        resp = self.ddb.transact_get_items(TransactItems=[
            {"Get": {"TableName": self.table, "Key": key(ORDER4["SK"]["S"])}},
            {"Get": {"TableName": self.table, "Key": product_key(1)}},
        ])
        expect(step, resp.get("Responses"), [{"Item": ORDER4}, {"Item": product(1, stock=7)}],
               "Responses, in request order")

    # Steps L1-L6: the legacy (pre-expression) parameters, which boto3 still sends as given and
    # older code still uses: KeyConditions, QueryFilter and ScanFilter with ConditionalOperator,
    # Expected, AttributeUpdates. The collection now: the profile and orders 001 (shipped), 003,
    # 004 and 006; the 30 products, p01 with stock 7.

    def orders_now(self):
        return [self.shipped_order1(), ORDERS[2], ORDER4, ORDER6]

    def products_now(self):
        return [product(n, stock=7 if n == 1 else None) for n in range(1, PRODUCT_COUNT + 1)]

    ALICE_ORDERS = {
        "PK": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": PK}]},
        "SK": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "ORDER#"}]},
    }

    def stepL1_query_key_conditions(self):
        step = "L1 Query KeyConditions BEGINS_WITH"
        resp = self.query(KeyConditions=self.ALICE_ORDERS, ConsistentRead=True)
        expected = sorted(self.orders_now(), key=lambda o: o["SK"]["S"])
        expect(step, resp.get("Items"), expected, "orders, ascending")
        expect(step, resp.get("Count"), len(expected), "Count")
        same = self.query(KeyConditionExpression="PK = :pk AND begins_with(SK, :order)",
                          ExpressionAttributeValues={":pk": {"S": PK}, ":order": {"S": "ORDER#"}},
                          ConsistentRead=True)
        expect(step, resp.get("Items"), same.get("Items"), "the same items as the KeyConditionExpression")

        step = "L1 Query KeyConditions BETWEEN, descending, Limit"
        low, high = "ORDER#2025-003", "ORDER#2025-006"
        conditions = {"PK": self.ALICE_ORDERS["PK"],
                      "SK": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"S": low}, {"S": high}]}}
        expected = sorted((o for o in self.orders_now() if low <= o["SK"]["S"] <= high),
                          key=lambda o: o["SK"]["S"], reverse=True)
        resp = self.query(KeyConditions=conditions, ScanIndexForward=False, Limit=2)
        expect(step, resp.get("Items"), expected[:2], "page 1")
        expect(step, resp.get("LastEvaluatedKey"), key(expected[1]["SK"]["S"]), "LastEvaluatedKey")
        resp = self.query(KeyConditions=conditions, ScanIndexForward=False, Limit=2,
                          ExclusiveStartKey=resp["LastEvaluatedKey"])
        expect(step, resp.get("Items"), expected[2:], "page 2")
        expect(step, "LastEvaluatedKey" in resp, False, "no LastEvaluatedKey")

        step = "L1 Query GSI1 KeyConditions BETWEEN"
        resp = self.query(IndexName="GSI1", KeyConditions={
            "GSI1PK": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": PRODUCTS_INDEX}]},
            "GSI1SK": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"S": "p10"}, {"S": "p12"}]},
        })
        expect(step, resp.get("Items"), [p for p in self.products_now() if "p10" <= p["GSI1SK"]["S"] <= "p12"],
               "products p10-p12")

    def stepL2_query_filter_or(self):
        step = "L2 Query QueryFilter, ConditionalOperator OR"
        resp = self.query(KeyConditions=self.ALICE_ORDERS, ConsistentRead=True, ConditionalOperator="OR", QueryFilter={
            "status": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "SHIPPED"}]},
            "amount": {"ComparisonOperator": "LT", "AttributeValueList": [{"N": "10"}]},
        })
        orders = sorted(self.orders_now(), key=lambda o: o["SK"]["S"])
        expected = [o for o in orders if o["status"]["S"] == "SHIPPED" or Decimal(o["amount"]["N"]) < 10]
        if not 0 < len(expected) < len(orders):
            fail(step, f"the filter must keep some orders and drop others to be a test: {expected!r}")
        expect(step, resp.get("Items"), expected, "shipped or below 10")
        expect(step, resp.get("Count"), len(expected), "Count")
        expect(step, resp.get("ScannedCount"), len(orders), "ScannedCount (the filter runs after the read)")

        step = "L2 Query QueryFilter on a key attribute"
        e = expect_error(step, lambda: self.query(KeyConditions={"PK": self.ALICE_ORDERS["PK"]}, QueryFilter={
            "SK": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "PROFILE"}]}}), "ValidationException")
        message = e.response.get("Error", {}).get("Message", "")
        if "QueryFilter" not in message:
            fail(step, f"message does not name QueryFilter: {message!r}")
        print(f"  ok  {step}: message: {message}")

    def stepL3_scan_filter(self):
        step = "L3 Scan ScanFilter (AND)"
        resp = self.ddb.scan(TableName=self.table, ScanFilter={
            "entity": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "Product"}]},
            "stock": {"ComparisonOperator": "GE", "AttributeValueList": [{"N": "250"}]},
        })
        expected = [p for p in self.products_now() if int(p["stock"]["N"]) >= 250]
        expect(step, sorted(resp.get("Items", []), key=lambda i: i["PK"]["S"]), expected,
               "products with stock >= 250, as a set")
        expect(step, resp.get("ScannedCount"), 1 + len(self.orders_now()) + PRODUCT_COUNT,
               "ScannedCount (every item of the table)")

        step = "L3 Scan ScanFilter, ConditionalOperator OR"
        resp = self.ddb.scan(TableName=self.table, ConditionalOperator="OR", ScanFilter={
            "GSI1SK": {"ComparisonOperator": "IN", "AttributeValueList": [{"S": "p03"}, {"S": "p07"}, {"S": "p99"}]},
            "note": {"ComparisonOperator": "NOT_NULL"},
        })
        expected = [p for p in self.products_now() if p["GSI1SK"]["S"] in ("p03", "p07")]
        expected += [o for o in self.orders_now() if "note" in o]
        expect(step, sorted(resp.get("Items", []), key=lambda i: (i["PK"]["S"], i["SK"]["S"])),
               sorted(expected, key=lambda i: (i["PK"]["S"], i["SK"]["S"])), "p03, p07 and the order with a note")

    BOB = {"PK": {"S": "USER#bob"}, "SK": {"S": "PROFILE"}, "entity": {"S": "User"}, "username": {"S": "bob"},
           "email": {"S": "bob@example.com"}, "nickname": {"S": "bobby"}}
    BOB_KEY = {"PK": {"S": "USER#bob"}, "SK": {"S": "PROFILE"}}

    def bob(self):
        return self.ddb.get_item(TableName=self.table, Key=self.BOB_KEY, ConsistentRead=True).get("Item")

    def stepL4_put_expected(self):
        step = "L4 PutItem Expected Exists false (create only)"
        create_only = {"PK": {"Exists": False}}
        self.ddb.put_item(TableName=self.table, Item=self.BOB, Expected=create_only)
        expect(step, self.bob(), self.BOB, "created")
        other = {**self.BOB, "email": {"S": "someone@example.com"}}
        expect_error(step + ", again", lambda: self.ddb.put_item(
            TableName=self.table, Item=other, Expected=create_only), "ConditionalCheckFailedException")
        expect(step, self.bob(), self.BOB, "unchanged by the refused put")

        step = "L4 PutItem Expected Value and ComparisonOperator"
        expect_error(step, lambda: self.ddb.put_item(TableName=self.table, Item=other, Expected={
            "email": {"Value": {"S": "nobody@example.com"}}}), "ConditionalCheckFailedException")
        resp = self.ddb.put_item(TableName=self.table, Item=self.BOB, ReturnValues="ALL_OLD", Expected={
            "email": {"Value": {"S": "bob@example.com"}},
            "username": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "bo"}]},
        })
        expect(step, resp.get("Attributes"), self.BOB, "ALL_OLD after both conditions held")

    def stepL5_resource_layer(self):
        step = "L5 resource Table.query KeyConditions"
        if self.resource is None:
            fail(step, "no boto3 resource")
        table = self.resource.Table(self.table)
        resp = table.query(ConsistentRead=True, KeyConditions={
            "PK": {"ComparisonOperator": "EQ", "AttributeValueList": [PK]},
            "SK": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": ["ORDER#"]},
        })
        # the resource layer answers Python values: N as Decimal, S as str
        got = [(i["SK"], i["amount"]) for i in resp.get("Items", [])]
        want = [(o["SK"]["S"], Decimal(o["amount"]["N"])) for o in sorted(self.orders_now(), key=lambda o: o["SK"]["S"])]
        expect(step, got, want, "(SK, amount) of the orders")

        step = "L5 resource Table.scan ScanFilter CONTAINS"
        resp = table.scan(ScanFilter={"tags": {"ComparisonOperator": "CONTAINS", "AttributeValueList": ["admin"]}})
        got = sorted(i["PK"] for i in resp.get("Items", []))
        expect(step, got, [PK], "alice's profile, the only item tagged admin (bob has no tags yet)")

    def stepL6_update_attribute_updates(self):
        step = "L6 UpdateItem AttributeUpdates PUT, ADD, DELETE"
        resp = self.ddb.update_item(TableName=self.table, Key=self.BOB_KEY, ReturnValues="ALL_NEW", AttributeUpdates={
            "email": {"Action": "PUT", "Value": {"S": "bob@new.example.com"}},
            "logins": {"Action": "ADD", "Value": {"N": "1"}},              # absent: ADD starts from 0
            "tags": {"Action": "ADD", "Value": {"SS": ["beta", "admin"]}},  # absent: the set itself
            "nickname": {"Action": "DELETE"},                              # no Value: the attribute goes
        })
        first = {**self.BOB, "email": {"S": "bob@new.example.com"}, "logins": {"N": "1"},
                 "tags": {"SS": ["admin", "beta"]}}
        del first["nickname"]
        expect(step, resp.get("Attributes"), first, "ALL_NEW")
        expect(step, self.bob(), first, "stored")

        step = "L6 UpdateItem AttributeUpdates with Expected"
        update = dict(TableName=self.table, Key=self.BOB_KEY, ReturnValues="UPDATED_NEW",
                      Expected={"logins": {"ComparisonOperator": "EQ", "AttributeValueList": [{"N": "1"}]}},
                      AttributeUpdates={
                          "logins": {"Action": "ADD", "Value": {"N": "2"}},
                          "tags": {"Action": "DELETE", "Value": {"SS": ["beta", "gamma"]}},  # a set minus these
                      })
        resp = self.ddb.update_item(**update)
        expect(step, resp.get("Attributes"), {"logins": {"N": "3"}, "tags": {"SS": ["admin"]}}, "UPDATED_NEW")
        second = {**first, "logins": {"N": "3"}, "tags": {"SS": ["admin"]}}
        expect(step, self.bob(), second, "stored")
        expect_error(step + ", again (logins is 3 now)", lambda: self.ddb.update_item(**update),
                     "ConditionalCheckFailedException")
        expect(step, self.bob(), second, "unchanged by the refused update")

        step = "L6 UpdateItem AttributeUpdates ADD to an existing set"
        resp = self.ddb.update_item(TableName=self.table, Key=self.BOB_KEY, ReturnValues="UPDATED_OLD",
                                    AttributeUpdates={"tags": {"Action": "ADD", "Value": {"SS": ["ops", "admin"]}}})
        expect(step, resp.get("Attributes"), {"tags": second["tags"]}, "UPDATED_OLD (the set before)")
        union = sorted(set(second["tags"]["SS"]) | {"ops", "admin"})
        expect(step, self.bob(), {**second, "tags": {"SS": union}}, "stored: the union, no duplicates")

        step = "L6 UpdateItem AttributeUpdates creates a missing item"
        new_key = {"PK": {"S": "USER#carol"}, "SK": {"S": "PROFILE"}}
        resp = self.ddb.update_item(TableName=self.table, Key=new_key, ReturnValues="ALL_NEW", AttributeUpdates={
            "username": {"Action": "PUT", "Value": {"S": "carol"}},
            "logins": {"Action": "ADD", "Value": {"N": "5"}},
        })
        expect(step, resp.get("Attributes"), {**new_key, "username": {"S": "carol"}, "logins": {"N": "5"}}, "ALL_NEW")

    # ------------------------------------------------------------------ Streams

    def stepS1_stream(self):
        """Turn on a stream, write, and read the stream back with boto3's 'dynamodbstreams' client."""
        step = "S1 UpdateTable StreamSpecification NEW_AND_OLD_IMAGES"
        resp = self.ddb.update_table(TableName=self.table, StreamSpecification={
            "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
        desc = resp["TableDescription"]
        expect(step, desc.get("StreamSpecification"),
               {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}, "StreamSpecification")
        arn = desc.get("LatestStreamArn", "")
        if not arn.startswith("arn:aws:dynamodb:") or f":table/{self.table}/stream/" not in arn:
            fail(step, f"LatestStreamArn is not a stream ARN of the table: {arn!r}")
        expect(step, arn.endswith("/stream/" + desc.get("LatestStreamLabel", "?")), True, "ARN ends with the label")
        wait_until_active(self.ddb, self.table, step)

        step = "S1 UpdateTable enabling the stream again"
        e = expect_error(step, lambda: self.ddb.update_table(TableName=self.table, StreamSpecification={
            "StreamEnabled": True, "StreamViewType": "KEYS_ONLY"}), "ValidationException")
        expect(step, e.response["Error"]["Message"], f"Table already has an enabled stream: TableName: {self.table}",
               "message")

        # the writes: INSERT, MODIFY, the same item again (no record), REMOVE, a delete of nothing (no record)
        k = {"PK": {"S": "STREAM#s1"}, "SK": {"S": "ITEM"}}
        first = {**k, "v": {"N": "1"}, "note": {"S": "first"}}
        second = {**k, "v": {"N": "2"}, "note": {"S": "first"}}
        self.ddb.put_item(TableName=self.table, Item=first)
        self.ddb.update_item(TableName=self.table, Key=k, UpdateExpression="SET v = :v",
                             ExpressionAttributeValues={":v": {"N": "2"}})
        self.ddb.put_item(TableName=self.table, Item=second)
        self.ddb.delete_item(TableName=self.table, Key=k)
        self.ddb.delete_item(TableName=self.table, Key=k)
        expected = [("INSERT", None, first), ("MODIFY", first, second), ("REMOVE", second, None)]

        step = "S1 ListStreams"
        streams = self.streams.list_streams(TableName=self.table)["Streams"]
        expect(step, [(s["StreamArn"], s["TableName"]) for s in streams], [(arn, self.table)], "the table's one stream")

        step = "S1 DescribeStream"
        deadline = time.time() + 60
        while True:
            d = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]
            if d["StreamStatus"] == "ENABLED" or time.time() > deadline:
                break
            time.sleep(1)  # the service shows ENABLING for a few seconds
        expect(step, {k2: d.get(k2) for k2 in ("StreamArn", "StreamStatus", "StreamViewType", "TableName")},
               {"StreamArn": arn, "StreamStatus": "ENABLED", "StreamViewType": "NEW_AND_OLD_IMAGES",
                "TableName": self.table}, "stream")
        expect(step, d.get("KeySchema"), [{"AttributeName": "PK", "KeyType": "HASH"},
                                          {"AttributeName": "SK", "KeyType": "RANGE"}], "KeySchema")
        shards = d.get("Shards", [])
        if not shards:
            fail(step, "no shards")
        for shard in shards:
            if not shard["SequenceNumberRange"]["StartingSequenceNumber"].isdecimal():
                fail(step, f"StartingSequenceNumber is not decimal: {shard!r}")

        step = "S1 GetShardIterator TRIM_HORIZON and GetRecords until empty"
        records = []
        for shard in shards:  # a new table has one; parents come before their children
            it = self.streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                                 ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            for _ in range(50):
                page = self.streams.get_records(ShardIterator=it, Limit=2)
                if len(page["Records"]) > 2:
                    fail(step, f"{len(page['Records'])} records with Limit 2")
                records += page["Records"]
                it = page.get("NextShardIterator")
                if not page["Records"] or not it:
                    break
        mine = records  # the stream began after the earlier steps: these writes are all it holds
        expect(step, [(r["eventName"], r["dynamodb"].get("OldImage"), r["dynamodb"].get("NewImage")) for r in mine],
               expected, "records (eventName, OldImage, NewImage): nothing for the writes that changed nothing")
        sequences = []
        for r in mine:
            expect(step, (r["eventSource"], r["eventVersion"], r["awsRegion"], r["dynamodb"]["StreamViewType"]),
                   ("aws:dynamodb", "1.1", self.ddb.meta.region_name, "NEW_AND_OLD_IMAGES"), "record metadata")
            if not hasattr(r["dynamodb"]["ApproximateCreationDateTime"], "timestamp"):
                fail(step, f"ApproximateCreationDateTime is not a time: {r['dynamodb']!r}")
            sequences.append(int(r["dynamodb"]["SequenceNumber"]))
        expect(step, sequences == sorted(sequences) and len(set(sequences)) == 3, True, "sequence numbers increase")

    # ----------------------------------------------------------------------
    # FUTURE STEPS go here, before DeleteTable (they need the table).
    # Add a method and list it in STEPS.
    # ----------------------------------------------------------------------

    def step13_delete_table(self):
        step = "13 DeleteTable"
        resp = self.ddb.delete_table(TableName=self.table)
        self.table_deleted = True
        expect(step, resp["TableDescription"]["TableName"], self.table, "TableName")
        deadline = time.time() + 60
        while self.table in list_tables(self.ddb):
            if time.time() > deadline:
                fail(step, "table still listed by ListTables 60 s after DeleteTable")
            time.sleep(0.5)
        print(f"  ok  {step}: ListTables no longer shows {self.table}")

    STEPS = [
        step01_create_table,
        step02_put_profile,
        step03_put_orders,
        step04_get_items,
        step05_conditional_update,
        step06_conditional_update_fails,
        step06a_query_collection,
        step06b_query_latest_orders_paged,
        step06c_query_filter_projection,
        step06d_query_filter_on_key_fails,
        step06e_scan_count,
        step06f_query_gsi,
        step06g_query_gsi_paged,
        step06h_query_gsi_consistent_fails,
        step07_put_if_absent_fails,
        step08_validation_error,
        step09_missing_table,
        step10_delete_item,
        step11a_batch_write,
        step11b_batch_get,
        step11c_query_gsi_products,
        step11d_batch_write_duplicates_fail,
        step12a_transaction,
        step12b_transaction_cancelled,
        step12c_transaction_idempotent,
        step12d_transact_get,
        stepL1_query_key_conditions,
        stepL2_query_filter_or,
        stepL3_scan_filter,
        stepL4_put_expected,
        stepL5_resource_layer,
        stepL6_update_attribute_updates,
        stepS1_stream,
        # future steps (see the comment above step13_delete_table)
        step13_delete_table,
    ]


def wait_until_active(ddb, table, step):
    """After an UpdateTable the service shows UPDATING for a few seconds."""
    deadline = time.time() + 60
    while ddb.describe_table(TableName=table)["Table"]["TableStatus"] != "ACTIVE":
        if time.time() > deadline:
            fail(step, "table not ACTIVE 60 s after UpdateTable")
        time.sleep(0.5)


def list_tables(ddb):
    names, start = [], None
    while True:
        resp = ddb.list_tables(**({"ExclusiveStartTableName": start} if start else {}))
        names += resp.get("TableNames", [])
        start = resp.get("LastEvaluatedTableName")
        if not start:
            return names


def main():
    sys.stdout.reconfigure(line_buffering=True)  # keep "ok" lines and a FAIL on stderr in order
    endpoint = os.environ.get("PARTITA_ENDPOINT")
    if not endpoint:
        print("FAIL [setup] PARTITA_ENDPOINT is not set (e.g. http://127.0.0.1:8000)", file=sys.stderr)
        return 2
    region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION") or "us-east-1"
    config = Config(
        retries={"total_max_attempts": 1},  # no retries: a server error must show, not be retried away
        connect_timeout=10,
        read_timeout=30,
    )
    ddb = boto3.client("dynamodb", endpoint_url=endpoint, region_name=region, config=config)
    # the resource layer (Python values in, Python values out) for step L5
    resource = boto3.resource("dynamodb", endpoint_url=endpoint, region_name=region, config=config)
    # DynamoDB Streams at the same endpoint (step S1); it signs for the service "dynamodb" too
    streams = boto3.client("dynamodbstreams", endpoint_url=endpoint, region_name=region, config=config)
    shim = enable_return_values_on_condition_check_failure(ddb)
    table = f"scenario-python-{uuid.uuid4().hex[:12]}"
    print(f"{CLIENT}: boto3 {boto3.__version__}, botocore {botocore.__version__}"
          f"{' (ReturnValuesOnConditionCheckFailure shim on)' if shim else ''}; "
          f"endpoint {endpoint}; table {table}")

    scenario = Scenario(ddb, table, resource, streams)
    current = "setup"
    try:
        for step in Scenario.STEPS:
            current = step.__name__
            step(scenario)
    except StepFailed as e:
        print(str(e), file=sys.stderr)
        return 1
    except Exception as e:  # unexpected error from the client or the server
        print(f"FAIL [{current}] unexpected {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    finally:
        if not scenario.table_deleted:  # best-effort cleanup after a failure
            try:
                ddb.delete_table(TableName=table)
            except Exception:
                pass
    print(f"SCENARIO OK {CLIENT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
