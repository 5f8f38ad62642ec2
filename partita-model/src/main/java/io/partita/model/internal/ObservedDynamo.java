package io.partita.model.internal;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.partita.model.ModelListener;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * What a client with listeners sends through: each request is handed to the listeners before and after, with its
 * latency and consumed capacity (asked for with {@code ReturnConsumedCapacity = TOTAL} when the request did not ask).
 * {@link #forPattern} gives the view that names an access pattern. One wrapper for both clients: over the
 * synchronous one, {@code after} runs on the caller's thread; over the asynchronous one, on the thread that
 * completes the request.
 */
public final class ObservedDynamo implements Dynamo {
  private final Dynamo delegate;
  private final List<ModelListener> listeners;
  private final String table;
  private final Optional<String> pattern;

  public ObservedDynamo(Dynamo delegate, List<ModelListener> listeners, String table) {
    this(delegate, List.copyOf(listeners), table, Optional.empty());
  }

  private ObservedDynamo(Dynamo delegate, List<ModelListener> listeners, String table,
      Optional<String> pattern) {
    this.delegate = delegate;
    this.listeners = listeners;
    this.table = table;
    this.pattern = pattern;
  }

  /** The same client, its requests reported as serving access pattern {@code name}. */
  @Override
  public ObservedDynamo forPattern(String name) {
    return new ObservedDynamo(delegate, listeners, table, Optional.of(name));
  }

  private <Q extends DynamoDbRequest, S> CompletableFuture<S> call(String operation, Q request,
      Function<Q, CompletableFuture<S>> send, Function<S, List<ConsumedCapacity>> capacity) {
    ModelListener.Request r = new ModelListener.Request(operation, table, pattern, request);
    for (ModelListener l : listeners) {
      l.before(r);
    }
    long start = System.nanoTime();
    return Futures.call(() -> send.apply(request)).whenComplete((response, error) -> {
      Duration latency = Duration.ofNanos(System.nanoTime() - start);
      if (error != null) {
        Throwable cause = Futures.unwrap(error);
        RuntimeException e = cause instanceof RuntimeException x ? x : new java.util.concurrent.CompletionException(cause);
        after(r, new ModelListener.Response(latency, OptionalDouble.empty(), Optional.of(e)));
      } else {
        after(r, new ModelListener.Response(latency, units(capacity.apply(response)), Optional.empty()));
      }
    });
  }

  private void after(ModelListener.Request r, ModelListener.Response response) {
    for (int i = listeners.size() - 1; i >= 0; i--) {
      listeners.get(i).after(r, response);
    }
  }

  private static OptionalDouble units(List<ConsumedCapacity> capacity) {
    if (capacity == null || capacity.isEmpty()) {
      return OptionalDouble.empty();
    }
    double total = 0;
    boolean any = false;
    for (ConsumedCapacity c : capacity) {
      if (c != null && c.capacityUnits() != null) {
        total += c.capacityUnits();
        any = true;
      }
    }
    return any ? OptionalDouble.of(total) : OptionalDouble.empty();
  }

  private static List<ConsumedCapacity> one(ConsumedCapacity c) {
    return c == null ? null : List.of(c);
  }

  /** TOTAL unless the request asked for something (INDEXES reports the total too). */
  private static ReturnConsumedCapacity total(ReturnConsumedCapacity asked) {
    return asked == null ? ReturnConsumedCapacity.TOTAL : asked;
  }

  @Override
  public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
    return call("GetItem", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::getItem, r -> one(r.consumedCapacity()));
  }

  @Override
  public CompletableFuture<PutItemResponse> putItem(PutItemRequest request) {
    return call("PutItem", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::putItem, r -> one(r.consumedCapacity()));
  }

  @Override
  public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
    return call("UpdateItem", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::updateItem, r -> one(r.consumedCapacity()));
  }

  @Override
  public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest request) {
    return call("DeleteItem", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::deleteItem, r -> one(r.consumedCapacity()));
  }

  @Override
  public CompletableFuture<QueryResponse> query(QueryRequest request) {
    return call("Query", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::query, r -> one(r.consumedCapacity()));
  }

  @Override
  public CompletableFuture<ScanResponse> scan(ScanRequest request) {
    return call("Scan", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::scan, r -> one(r.consumedCapacity()));
  }

  @Override
  public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request) {
    return call("BatchGetItem", request.toBuilder().returnConsumedCapacity(total(request.returnConsumedCapacity()))
        .build(), delegate::batchGetItem, r -> r.hasConsumedCapacity() ? r.consumedCapacity() : null);
  }

  @Override
  public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request) {
    return call("BatchWriteItem", request.toBuilder()
        .returnConsumedCapacity(total(request.returnConsumedCapacity())).build(), delegate::batchWriteItem,
        r -> r.hasConsumedCapacity() ? r.consumedCapacity() : null);
  }

  @Override
  public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest request) {
    return call("TransactGetItems", request.toBuilder()
        .returnConsumedCapacity(total(request.returnConsumedCapacity())).build(), delegate::transactGetItems,
        r -> r.hasConsumedCapacity() ? r.consumedCapacity() : null);
  }

  @Override
  public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request) {
    return call("TransactWriteItems", request.toBuilder()
        .returnConsumedCapacity(total(request.returnConsumedCapacity())).build(), delegate::transactWriteItems,
        r -> r.hasConsumedCapacity() ? r.consumedCapacity() : null);
  }

  @Override
  public CompletableFuture<CreateTableResponse> createTable(CreateTableRequest request) {
    return call("CreateTable", request, delegate::createTable, r -> null);
  }

  /**
   * Sent as asked: SearchVectors answers its capacity as bytes ({@code VectorSearchRequestBytes}), not capacity units,
   * so the listeners get no units for it.
   */
  @Override
  public CompletableFuture<SearchVectorsResponse> searchVectors(SearchVectorsRequest request) {
    return call("SearchVectors", request, delegate::searchVectors, r -> null);
  }

  @Override
  public boolean blocking() {
    return delegate.blocking();
  }
}
