package io.partita.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;

class ThreadingTest {
  private static FullHttpRequest post(String target) {
    FullHttpRequest r = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/");
    if (target != null) {
      r.headers().set("X-Amz-Target", target);
    }
    return r;
  }

  @Test
  void onAnInMemoryDatabaseEverythingRunsOnTheEventLoop() {
    Threading memory = new Threading(false);
    for (String op : new String[] {"PutItem", "UpdateItem", "GetItem", "ExecuteStatement"}) {
      assertEquals(true, memory.runsOnEventLoop(post("DynamoDB_20120810." + op)), op);
    }
  }

  @Test
  void onADurableDatabaseWritesAndUnknownsGoToWorkers() {
    Threading disk = new Threading(true);
    for (String op : new String[] {"GetItem", "Query", "Scan", "DescribeTable", "ListTables", "BatchGetItem",
        "TransactGetItems"}) {
      assertEquals(true, disk.runsOnEventLoop(post("DynamoDB_20120810." + op)), op);
    }
    for (String op : new String[] {"PutItem", "UpdateItem", "DeleteItem", "CreateTable", "BatchWriteItem",
        "TransactWriteItems", "ExecuteStatement", "Frobnicate"}) {
      assertEquals(false, disk.runsOnEventLoop(post("DynamoDB_20120810." + op)), op);
    }
    // DynamoDB Streams' operations only read
    for (String op : new String[] {"ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"}) {
      assertEquals(true, disk.runsOnEventLoop(post("DynamoDBStreams_20120810." + op)), op);
    }
    assertEquals(false, disk.runsOnEventLoop(post("DynamoDBStreams_20120810.Frobnicate")));
    assertEquals(false, disk.runsOnEventLoop(post(null)));
    assertEquals(true, disk.runsOnEventLoop(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/")));
  }
}
