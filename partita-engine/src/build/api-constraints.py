#!/usr/bin/env python3
"""Writes api-constraints.tsv: the member constraints of DynamoDB's API (required members, lengths,
ranges, patterns, enum values) for the operations Partita serves, as the API reference documents
them on each shape's page. Read from the published service model (botocore's service-2.json, path
given as the first argument); run again when an operation is added.

    python3 partita-engine/src/build/api-constraints.py .../dynamodb/2012-08-10/service-2.json.gz \
      > partita-engine/src/main/resources/io/partita/engine/internal/ops/request/api-constraints.tsv

Given the dynamodbstreams model instead, it writes the rows of DynamoDB Streams' operations, to append
to the same file; the Limit maxima (100, 100, 1000) the API reference states only in words were then
added by hand, and StreamArn's 37-character minimum removed: the service answers a shorter one
"Invalid StreamArn" (recorded fact describe-stream-invalid-arn).

The rows of TagResource, UntagResource and ListTagsOfResource were appended from this script's
output, with ResourceArn's "required" and 1-character minimum, and "required" of Tags and TagKeys,
removed by hand: the service answers a request without ResourceArn "Invalid TableArn" before any
other complaint (recorded facts tag-resource-no-arn, list-tags-no-arn); Tagging checks the rest.

The rows of ImportTable, DescribeImport, ListImports, ExportTableToPointInTime, DescribeExport and
ListExports were appended from this script's output with those six operations added to OPS and TableArn
taken as the model declares it (an ARN there, not a table name): the rows of shapes the file already had
were left out.

The rows of SearchVectors and of the vector index shapes (VectorIndex, CreateVectorIndexAction,
DeleteVectorIndexAction, VectorAttributeDefinition, SearchSchemaElement) were written by hand from the
Smithy model on Maven Central (software.amazon.api.models:dynamodb:1.0.14, 2026-08), which botocore's
model did not carry yet; DistanceFunction's values are in the order the service was recorded printing
them ([DOT_PRODUCT, COSINE, EUCLIDEAN], docs/vector-search.md). TopK's maximum of 100 is the service's
own check with its own sentence (ops/schema/VectorSearch).
"""
import gzip, json, sys

OPS = ["CreateTable", "DescribeTable", "ListTables", "UpdateTable", "DeleteTable", "PutItem", "GetItem",
       "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem", "TransactWriteItems",
       "TransactGetItems", "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource", "ListTagsOfResource"]
# Members typed as a table ARN take a table name here: Partita checks them as names (3 to 255 characters).
NAME = {"type": "string", "min": 3, "max": 255, "pattern": "[a-zA-Z0-9_.-]+"}

path = sys.argv[1]
model = json.load(gzip.open(path) if path.endswith(".gz") else open(path))
if model["metadata"].get("targetPrefix", "").startswith("DynamoDBStreams"):
    OPS = ["ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"]
shapes = model["shapes"]
rows, seen = [], set()


def java_name(shape):
    return shape[:-len("Input")] + "Request" if shape.endswith("Input") else shape


def visit(name):
    if name in seen or name == "AttributeValue":
        return
    seen.add(name)
    s = shapes[name]
    if s["type"] == "structure":
        for member, ref in s["members"].items():
            target = ref["shape"]
            t = NAME if target in ("TableArn", "TableName") else shapes[target]
            enum = ",".join(t.get("enum", []))
            req = "required" if member in s.get("required", []) else ""
            # a map's values may be constrained too (BatchWriteItem: 1 to 25 requests per table)
            v = shapes[t["value"]["shape"]] if t["type"] == "map" else {}
            fields = [str(t.get("min", "")), str(t.get("max", "")), t.get("pattern", ""), enum,
                      str(v.get("min", "")), str(v.get("max", ""))]
            if req or any(fields):
                rows.append([java_name(name), member, t["type"], req] + fields)
            visit(target)
    elif s["type"] == "list":
        visit(s["member"]["shape"])
    elif s["type"] == "map":
        visit(s["value"]["shape"])


for op in OPS:
    visit(model["operations"][op]["input"]["shape"])
print("# class\tmember\ttype\trequired\tmin\tmax\tpattern\tenum\tvalue-min\tvalue-max")
print("# DynamoDB API 2012-08-10: member constraints as the API reference documents them; written by "
      "partita-engine/src/build/api-constraints.py")
for r in rows:
    print("\t".join(r))
