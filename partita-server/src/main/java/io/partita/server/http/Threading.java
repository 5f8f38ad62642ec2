package io.partita.server.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.partita.server.wire.Dispatcher;

/**
 * Where a request runs. A request that cannot wait on the disk runs on the event loop that read
 * it, saving two thread hand-offs (measured: about half again as many GetItem answers per second
 * with wrk); one that may wait for a synced write runs on the worker pool, so the event loop keeps
 * serving other connections meanwhile. On an in-memory database nothing waits on the disk; on a
 * durable one every write syncs the log, and reads do not.
 */
final class Threading {
  private final boolean durable;

  Threading(boolean durable) {
    this.durable = durable;
  }

  boolean runsOnEventLoop(FullHttpRequest request) {
    if (!request.method().equals(HttpMethod.POST) || !durable) {
      return true;
    }
    // DynamoDB Streams' operations (ListStreams, DescribeStream, GetShardIterator, GetRecords)
    // are all reads by the same naming
    String operation = Dispatcher.operation(request.headers().get("X-Amz-Target"));
    return operation != null && isRead(operation);
  }

  /**
   * DynamoDB's read operations, by its naming: they never write, so never sync. Any other name,
   * including one not known yet or PartiQL's ExecuteStatement (which may write), is treated as a
   * write: the safe side.
   */
  static boolean isRead(String operation) {
    return operation.startsWith("Get") || operation.startsWith("Describe") || operation.startsWith("List")
        || operation.equals("Query") || operation.equals("Scan") || operation.equals("BatchGetItem")
        || operation.equals("TransactGetItems");
  }
}
