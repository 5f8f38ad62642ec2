package io.partita.model.internal;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
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
 * The requests the library sends, answered as futures: the one seam between the model's logic, written once as steps
 * on futures, and the two SDK clients. Over a {@link DynamoDbClient} each request runs on the caller's thread and the
 * future is complete when returned, so {@code ModelClient} blocks as a plain call would; over a {@link
 * DynamoDbAsyncClient} it completes on the SDK's threads. {@link #blocking()} tells the retry loops which kind of
 * wait fits.
 */
public interface Dynamo {
  CompletableFuture<GetItemResponse> getItem(GetItemRequest request);

  CompletableFuture<PutItemResponse> putItem(PutItemRequest request);

  CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request);

  CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest request);

  CompletableFuture<QueryResponse> query(QueryRequest request);

  CompletableFuture<ScanResponse> scan(ScanRequest request);

  CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request);

  CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request);

  CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest request);

  CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request);

  CompletableFuture<CreateTableResponse> createTable(CreateTableRequest request);

  CompletableFuture<SearchVectorsResponse> searchVectors(SearchVectorsRequest request);

  /** Whether requests complete on the caller's thread (then a retry's backoff sleeps there too). */
  boolean blocking();

  /** The same client, its requests reported to listeners as serving access pattern {@code name}. */
  default Dynamo forPattern(String name) {
    return this;
  }

  static Dynamo of(DynamoDbClient client) {
    return new Sync(client);
  }

  static Dynamo of(DynamoDbAsyncClient client) {
    return new Async(client);
  }

  /** A synchronous client's answers as complete futures; its exceptions as failed ones. */
  record Sync(DynamoDbClient client) implements Dynamo {
    private static <Q, S> CompletableFuture<S> now(Function<Q, S> send, Q request) {
      try {
        return CompletableFuture.completedFuture(send.apply(request));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest r) {
      return now(client::getItem, r);
    }

    @Override
    public CompletableFuture<PutItemResponse> putItem(PutItemRequest r) {
      return now(client::putItem, r);
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest r) {
      return now(client::updateItem, r);
    }

    @Override
    public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest r) {
      return now(client::deleteItem, r);
    }

    @Override
    public CompletableFuture<QueryResponse> query(QueryRequest r) {
      return now(client::query, r);
    }

    @Override
    public CompletableFuture<ScanResponse> scan(ScanRequest r) {
      return now(client::scan, r);
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest r) {
      return now(client::batchGetItem, r);
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest r) {
      return now(client::batchWriteItem, r);
    }

    @Override
    public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest r) {
      return now(client::transactGetItems, r);
    }

    @Override
    public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest r) {
      return now(client::transactWriteItems, r);
    }

    @Override
    public CompletableFuture<CreateTableResponse> createTable(CreateTableRequest r) {
      return now(client::createTable, r);
    }

    @Override
    public CompletableFuture<SearchVectorsResponse> searchVectors(SearchVectorsRequest r) {
      return now(client::searchVectors, r);
    }

    @Override
    public boolean blocking() {
      return true;
    }
  }

  /** The SDK's asynchronous client, as is. */
  record Async(DynamoDbAsyncClient client) implements Dynamo {
    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest r) {
      return client.getItem(r);
    }

    @Override
    public CompletableFuture<PutItemResponse> putItem(PutItemRequest r) {
      return client.putItem(r);
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest r) {
      return client.updateItem(r);
    }

    @Override
    public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest r) {
      return client.deleteItem(r);
    }

    @Override
    public CompletableFuture<QueryResponse> query(QueryRequest r) {
      return client.query(r);
    }

    @Override
    public CompletableFuture<ScanResponse> scan(ScanRequest r) {
      return client.scan(r);
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest r) {
      return client.batchGetItem(r);
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest r) {
      return client.batchWriteItem(r);
    }

    @Override
    public CompletableFuture<TransactGetItemsResponse> transactGetItems(TransactGetItemsRequest r) {
      return client.transactGetItems(r);
    }

    @Override
    public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest r) {
      return client.transactWriteItems(r);
    }

    @Override
    public CompletableFuture<CreateTableResponse> createTable(CreateTableRequest r) {
      return client.createTable(r);
    }

    @Override
    public CompletableFuture<SearchVectorsResponse> searchVectors(SearchVectorsRequest r) {
      return client.searchVectors(r);
    }

    @Override
    public boolean blocking() {
      return false;
    }
  }
}
