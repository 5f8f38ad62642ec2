#!/usr/bin/env python3
"""Drives a running Partita server through a memory soak and samples its memory after each phase.

Run by memory-soak.sh, which starts the server; by hand:
    memory-soak.py --endpoint http://127.0.0.1:PORT --pid PID [--phases mixed,backups] [--scale 1] [--clients 1]

After each phase it prints one row, in MB: the phase's wall time in seconds; the server's resident
memory (VmRSS); the Java heap used and committed after a full GC (jcmd GC.run, GC.heap_info: the
sample itself runs that GC, which also lets the serial collector shrink the heap, so the committed
heap shown is lower than a server left alone keeps until its next full GC); the total committed
memory the JVM itself tracks (Native Memory Tracking, when the server runs with
-XX:NativeMemoryTracking=summary) and, of it, Netty's and NIO's direct buffers (NMT's "Other"),
threads' stacks, and classes (metaspace, class space, the shared archive) with compiled code; RSS
minus NMT's total, which is what the JVM does not track: RocksDB's allocations, glibc's free lists,
and the code of the shared libraries (libjvm, librocksdbjni); and RocksDB's block cache usage (the
memtables are charged to it), its memtables and its files (GET /metrics, when the server runs with
--metrics). The last row follows malloc_trim(0) (jcmd System.trim_native_heap): what it gives back
was glibc's free memory, not live.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import boto3
from botocore.config import Config

KB = 1024
MB = 1024 * KB


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / KB
    return float("nan")


def jcmd(pid, *args):
    r = subprocess.run(["jcmd", str(pid), *args], capture_output=True, text=True, timeout=120)
    return r.stdout


def heap_mb(pid):
    """Heap used and committed (MB) right after a full GC."""
    jcmd(pid, "GC.run")
    out = jcmd(pid, "GC.heap_info")
    # Serial: " def new generation   total 4928K, used 1234K" / " tenured generation   total 10944K, used 7000K"
    total = used = 0
    for m in re.finditer(r"(?:generation|heap)\s+total (\d+)K, used (\d+)K", out):
        total += int(m.group(1))
        used += int(m.group(2))
    return used / KB, total / KB


def nmt(pid):
    """NMT's committed total and its categories (MB), or {} when NMT is off."""
    out = jcmd(pid, "VM.native_memory", "summary")
    result = {}
    m = re.search(r"Total: reserved=\d+KB, committed=(\d+)KB", out)
    if not m:
        return result
    result["total"] = int(m.group(1)) / KB
    for m in re.finditer(r"-\s+([A-Za-z ]+?) \(reserved=\d+KB, committed=(\d+)KB\)", out):
        result[m.group(1).strip()] = int(m.group(2)) / KB
    return result


def metrics(endpoint):
    try:
        with urllib.request.urlopen(endpoint + "/metrics", timeout=10) as r:
            text = r.read().decode()
    except OSError:
        return {}
    out = {}
    for name in ("partita_rocksdb_block_cache_usage_bytes", "partita_rocksdb_memtable_bytes",
                 "partita_rocksdb_live_sst_files_bytes"):
        m = re.search(r"^" + name + r"(?:\{[^}]*\})? ([0-9.eE+]+)$", text, re.M)
        if m:
            out[name] = float(m.group(1)) / MB
    return out


HEADER = ("phase", "seconds", "rss", "heap used", "heap committed", "NMT committed", "NMT other", "NMT thread",
          "NMT classes+code", "rss - NMT", "block cache", "memtables", "sst files")


def sample(args, phase, seconds=0.0):
    rss = rss_mb(args.pid)
    used, committed = heap_mb(args.pid)
    n = nmt(args.pid)
    m = metrics(args.endpoint)
    rss_after = rss_mb(args.pid)  # after the GC: what the heap gave back shows here
    row = (phase, seconds, rss_after, used, committed, n.get("total", float("nan")), n.get("Other", float("nan")),
           n.get("Thread", float("nan")), sum(n.get(k, 0) for k in ("Class", "Metaspace", "Shared class space", "Code")),
           rss_after - n.get("total", float("nan")),
           m.get("partita_rocksdb_block_cache_usage_bytes", float("nan")),
           m.get("partita_rocksdb_memtable_bytes", float("nan")),
           m.get("partita_rocksdb_live_sst_files_bytes", float("nan")))
    print("| " + " | ".join([row[0]] + [f"{v:.0f}" for v in row[1:]]) + " |", flush=True)
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps({"phase": phase, "rss_before_gc": rss, "rss": rss_after, "heap_used": used,
                                "seconds": seconds, "heap_committed": committed, "nmt": n, "rocksdb": m}) + "\n")


def client(args):
    return boto3.client("dynamodb", endpoint_url=args.endpoint, region_name="us-east-1",
                        aws_access_key_id="partita", aws_secret_access_key="partita",
                        config=Config(retries={"max_attempts": 10, "mode": "standard"},
                                      read_timeout=300, connect_timeout=10))


def streams_client(args):
    return boto3.client("dynamodbstreams", endpoint_url=args.endpoint, region_name="us-east-1",
                        aws_access_key_id="partita", aws_secret_access_key="partita")


def create_table(db, name, stream=False, gsi=False):
    kw = dict(TableName=name, BillingMode="PAY_PER_REQUEST",
              AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                    {"AttributeName": "sk", "AttributeType": "S"}],
              KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    if stream:
        kw["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}
    if gsi:
        kw["AttributeDefinitions"].append({"AttributeName": "g", "AttributeType": "S"})
        kw["GlobalSecondaryIndexes"] = [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                                                                            {"AttributeName": "sk", "KeyType": "RANGE"}],
                                         "Projection": {"ProjectionType": "ALL"}}]
    db.create_table(**kw)


def batch_put(db, table, items):
    for i in range(0, len(items), 25):
        req = {table: [{"PutRequest": {"Item": it}} for it in items[i:i + 25]]}
        while req:
            req = db.batch_write_item(RequestItems=req).get("UnprocessedItems") or None


def item(pk, sk, size, g=None):
    it = {"pk": {"S": pk}, "sk": {"S": sk}, "data": {"S": os.urandom(size // 2).hex()}}
    if g is not None:
        it["g"] = {"S": g}
    return it


def phase_tables(db, args):
    """Many tables created, written a little, deleted."""
    for i in range(int(40 * args.scale)):
        name = f"churn{args.suffix}x{i}"
        create_table(db, name, stream=i % 2 == 0, gsi=i % 3 == 0)
        batch_put(db, name, [item(f"p{j % 5}", f"s{j}", 2 * KB, g=f"g{j % 3}") for j in range(100)])
        db.delete_table(TableName=name)


def phase_big_items(db, args):
    """Items near DynamoDB's 400 KB limit, written, read back, overwritten."""
    create_table(db, f"big{args.suffix}", gsi=True)
    for i in range(int(200 * args.scale)):
        db.put_item(TableName=f"big{args.suffix}", Item=item(f"p{i % 10}", f"s{i}", 390 * KB, g=f"g{i % 4}"))
    for i in range(int(200 * args.scale)):
        db.get_item(TableName=f"big{args.suffix}", Key={"pk": {"S": f"p{i % 10}"}, "sk": {"S": f"s{i}"}})


def phase_big_batches(db, args):
    """BatchWriteItem of 25 items of 150 KB (3.75 MB a request) and BatchGetItem of 100 keys."""
    create_table(db, f"batches{args.suffix}")
    for b in range(int(40 * args.scale)):
        batch_put(db, f"batches{args.suffix}", [item(f"p{b}", f"s{j}", 150 * KB) for j in range(25)])
    for b in range(int(40 * args.scale)):
        keys = [{"pk": {"S": f"p{(b + k // 25) % int(40 * args.scale)}"}, "sk": {"S": f"s{k % 25}"}}
                for k in range(100)]
        req = {f"batches{args.suffix}": {"Keys": keys}}
        while req:
            req = db.batch_get_item(RequestItems=req).get("UnprocessedKeys") or None


def phase_scans_queries(db, args):
    """Whole-table scans (1 MB pages) and queries, over the tables written so far."""
    for _ in range(int(3 * args.scale)):
        for table in (f"big{args.suffix}", f"batches{args.suffix}"):
            kw = {"TableName": table}
            while True:
                r = db.scan(**kw)
                if "LastEvaluatedKey" not in r:
                    break
                kw["ExclusiveStartKey"] = r["LastEvaluatedKey"]
        for p in range(10):
            db.query(TableName=f"big{args.suffix}", KeyConditionExpression="pk = :p",
                     ExpressionAttributeValues={":p": {"S": f"p{p}"}})
            db.query(TableName=f"big{args.suffix}", IndexName="byG", KeyConditionExpression="g = :g",
                     ExpressionAttributeValues={":g": {"S": f"g{p % 4}"}})


def phase_transactions(db, args):
    """TransactWriteItems of 100 items and TransactGetItems of 100 keys."""
    table = f"txns{args.suffix}"
    create_table(db, table)
    for t in range(int(30 * args.scale)):
        db.transact_write_items(TransactItems=[{"Put": {"TableName": table, "Item": item(f"p{t}", f"s{j}", 30 * KB)}}
                                               for j in range(100)])
        db.transact_get_items(TransactItems=[
            {"Get": {"TableName": table, "Key": {"pk": {"S": f"p{t}"}, "sk": {"S": f"s{j}"}}}} for j in range(100)])


def phase_streams(db, args):
    """A table with a stream, written, its stream read to the end."""
    create_table(db, f"streamed{args.suffix}", stream=True)
    for i in range(int(20 * args.scale)):
        batch_put(db, f"streamed{args.suffix}", [item(f"p{i}", f"s{j}", 10 * KB) for j in range(25)])
    st = streams_client(args)
    arn = db.describe_table(TableName=f"streamed{args.suffix}")["Table"]["LatestStreamArn"]
    for shard in st.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
        it = st.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                   ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        while it:
            r = st.get_records(ShardIterator=it, Limit=1000)
            if not r["Records"]:
                break
            it = r.get("NextShardIterator")


def phase_backup_table(db, args):
    """A table of about 30 MB (30,000 items of 1 KB)."""
    create_table(db, "backed")
    n = int(30000 * args.scale)
    for i in range(0, n, 25):
        batch_put(db, "backed", [item(f"p{(i + j) % 100}", f"s{i + j}", KB) for j in range(25)])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--endpoint", required=True)
    p.add_argument("--pid", type=int, required=True)
    p.add_argument("--phases", default="mixed,backups",
                   help="mixed (= tables,items,batches,scans,transactions,streams; scans reads items' and batches' tables)"
                        " and backups")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--idle", type=int, default=20, help="seconds idle before the last sample")
    p.add_argument("--clients", type=int, default=1, help="clients running the mixed phases at once")
    p.add_argument("--json", help="append each sample to this file as a JSON line")
    args = p.parse_args()
    db = client(args)
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    sample(args, "started")
    phases = args.phases.split(",")
    mixed = (("tables", "tables created and deleted", phase_tables), ("items", "big items", phase_big_items),
             ("batches", "big batches", phase_big_batches), ("scans", "scans and queries", phase_scans_queries),
             ("transactions", "transactions", phase_transactions), ("streams", "streams", phase_streams))
    for key, name, fn in mixed:
        if "mixed" in phases or key in phases:
            # each client its own tables (a suffix) and its own boto3 client, all at once
            def run(n):
                mine = argparse.Namespace(**vars(args), suffix=f"c{n}")
                fn(client(mine), mine)
            start = time.monotonic()
            with ThreadPoolExecutor(args.clients) as pool:
                list(pool.map(run, range(args.clients)))
            sample(args, name, time.monotonic() - start)
    if "backups" in phases:
        start = time.monotonic()
        phase_backup_table(db, args)
        sample(args, f"{30 * args.scale:g} MB table written", time.monotonic() - start)
        start = time.monotonic()
        for i in range(10):
            db.create_backup(TableName="backed", BackupName=f"backup{i}")
            if i in (0, 4, 9):
                sample(args, f"{i + 1} backups", time.monotonic() - start)  # the backups since the last row
                start = time.monotonic()
    time.sleep(args.idle)
    sample(args, f"idle {args.idle} s")
    # what glibc keeps in its free lists and could give back: malloc_trim(0), through the JVM (JDK 17.0.9+)
    jcmd(args.pid, "System.trim_native_heap")
    sample(args, "after malloc_trim")


if __name__ == "__main__":
    sys.exit(main())
