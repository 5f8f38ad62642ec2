package io.partita.engine;

import io.partita.engine.internal.answer.Answer;
import io.partita.engine.internal.answer.ItemsAnswer;
import io.partita.engine.internal.ops.batch.BatchGetItem;
import io.partita.engine.internal.ops.batch.BatchWriteItem;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.read.GetItem;
import io.partita.engine.internal.ops.read.Query;
import io.partita.engine.internal.ops.read.Scan;
import io.partita.engine.internal.ops.schema.CreateTable;
import io.partita.engine.internal.ops.schema.DeleteTable;
import io.partita.engine.internal.ops.schema.DescribeTable;
import io.partita.engine.internal.ops.schema.ListTables;
import io.partita.engine.internal.ops.schema.Tagging;
import io.partita.engine.internal.ops.schema.UpdateTable;
import io.partita.engine.internal.ops.streams.StreamReads;
import io.partita.engine.internal.ops.transact.TransactGetItems;
import io.partita.engine.internal.ops.transact.TransactWriteItems;
import io.partita.engine.internal.ops.ttl.DescribeTimeToLive;
import io.partita.engine.internal.ops.ttl.UpdateTimeToLive;
import io.partita.engine.internal.ops.write.DeleteItem;
import io.partita.engine.internal.ops.write.PutItem;
import io.partita.engine.internal.ops.write.UpdateItem;
import io.partita.engine.internal.partiql.PartiQl;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The one table of operations the engine serves, by request type and by operation name: DynamoDB's
 * and DynamoDB Streams' (their names do not overlap). The embedded clients and the server all
 * dispatch through it, so an operation added here is served everywhere at once.
 */
final class Operations {
  /** One served operation: its name, its request type, its implementation, and which API it belongs to. */
  record Op(String name, Class<? extends AwsRequest> requestType,
      BiFunction<EngineContext, AwsRequest, Answer> handler, boolean streams) {}

  private static final Map<Class<?>, Op> BY_TYPE = new LinkedHashMap<>();
  private static final Map<String, Op> BY_NAME = new LinkedHashMap<>();

  static {
    add("CreateTable", CreateTableRequest.class, CreateTable::execute);
    add("DescribeTable", DescribeTableRequest.class, DescribeTable::execute);
    add("ListTables", ListTablesRequest.class, ListTables::execute);
    add("UpdateTable", UpdateTableRequest.class, UpdateTable::execute);
    add("DeleteTable", DeleteTableRequest.class, DeleteTable::execute);
    add("PutItem", PutItemRequest.class, PutItem::execute);
    answer("GetItem", GetItemRequest.class, GetItem::execute);
    add("UpdateItem", UpdateItemRequest.class, UpdateItem::execute);
    add("DeleteItem", DeleteItemRequest.class, DeleteItem::execute);
    answer("Query", QueryRequest.class, Query::execute);
    answer("Scan", ScanRequest.class, Scan::execute);
    add("TransactWriteItems", TransactWriteItemsRequest.class, TransactWriteItems::execute);
    answer("TransactGetItems", TransactGetItemsRequest.class, TransactGetItems::execute);
    answer("BatchGetItem", BatchGetItemRequest.class, BatchGetItem::execute);
    add("BatchWriteItem", BatchWriteItemRequest.class, BatchWriteItem::execute);
    add("UpdateTimeToLive", UpdateTimeToLiveRequest.class, UpdateTimeToLive::execute);
    add("DescribeTimeToLive", DescribeTimeToLiveRequest.class, DescribeTimeToLive::execute);
    add("TagResource", software.amazon.awssdk.services.dynamodb.model.TagResourceRequest.class, Tagging::tagResource);
    add("UntagResource", software.amazon.awssdk.services.dynamodb.model.UntagResourceRequest.class,
        Tagging::untagResource);
    add("ListTagsOfResource", software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest.class,
        Tagging::listTagsOfResource);
    add("ExecuteStatement", software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest.class,
        PartiQl::executeStatement);
    add("BatchExecuteStatement", software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest.class,
        PartiQl::batchExecuteStatement);
    add("ExecuteTransaction", software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest.class,
        PartiQl::executeTransaction);
    add("CreateBackup", software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest.class,
        io.partita.engine.internal.ops.recovery.OnDemandBackups::create);
    add("DescribeBackup", software.amazon.awssdk.services.dynamodb.model.DescribeBackupRequest.class,
        io.partita.engine.internal.ops.recovery.OnDemandBackups::describe);
    add("ListBackups", software.amazon.awssdk.services.dynamodb.model.ListBackupsRequest.class,
        io.partita.engine.internal.ops.recovery.OnDemandBackups::list);
    add("DeleteBackup", software.amazon.awssdk.services.dynamodb.model.DeleteBackupRequest.class,
        io.partita.engine.internal.ops.recovery.OnDemandBackups::delete);
    add("RestoreTableFromBackup", software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupRequest.class,
        io.partita.engine.internal.ops.recovery.Restores::fromBackup);
    add("UpdateContinuousBackups", software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest.class,
        io.partita.engine.internal.ops.recovery.ContinuousBackups::update);
    add("DescribeContinuousBackups",
        software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest.class,
        io.partita.engine.internal.ops.recovery.ContinuousBackups::describe);
    add("RestoreTableToPointInTime",
        software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest.class,
        io.partita.engine.internal.ops.recovery.Restores::toPointInTime);
    add("DescribeEndpoints", software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsRequest.class,
        io.partita.engine.internal.ops.schema.ServiceInfo::describeEndpoints);
    add("DescribeLimits", software.amazon.awssdk.services.dynamodb.model.DescribeLimitsRequest.class,
        io.partita.engine.internal.ops.schema.ServiceInfo::describeLimits);
    add("PutResourcePolicy", software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyRequest.class,
        io.partita.engine.internal.ops.schema.ResourcePolicies::put);
    add("GetResourcePolicy", software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyRequest.class,
        io.partita.engine.internal.ops.schema.ResourcePolicies::get);
    add("DeleteResourcePolicy", software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyRequest.class,
        io.partita.engine.internal.ops.schema.ResourcePolicies::delete);
    add("DescribeTableReplicaAutoScaling",
        software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingRequest.class,
        io.partita.engine.internal.ops.schema.ReplicaAutoScaling::describe);
    add("UpdateTableReplicaAutoScaling",
        software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingRequest.class,
        io.partita.engine.internal.ops.schema.ReplicaAutoScaling::update);
    add("DescribeKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationRequest.class,
        io.partita.engine.internal.ops.schema.KinesisDestinations::describe);
    add("EnableKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationRequest.class,
        io.partita.engine.internal.ops.schema.KinesisDestinations::enable);
    add("DisableKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationRequest.class,
        io.partita.engine.internal.ops.schema.KinesisDestinations::disable);
    add("UpdateKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationRequest.class,
        io.partita.engine.internal.ops.schema.KinesisDestinations::update);
    add("ListGlobalTables", software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesRequest.class,
        io.partita.engine.internal.ops.schema.GlobalTables::list);
    add("DescribeGlobalTable", software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableRequest.class,
        io.partita.engine.internal.ops.schema.GlobalTables::describe);
    add("DescribeGlobalTableSettings",
        software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsRequest.class,
        io.partita.engine.internal.ops.schema.GlobalTables::describeSettings);
    add("CreateGlobalTable", software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableRequest.class,
        io.partita.engine.internal.ops.schema.GlobalTables::create);
    add("UpdateGlobalTable", software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableRequest.class,
        io.partita.engine.internal.ops.schema.GlobalTables::update);
    add("UpdateGlobalTableSettings",
        software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsRequest.class,
        io.partita.engine.internal.ops.schema.GlobalTables::updateSettings);
    add("DescribeContributorInsights",
        software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest.class,
        io.partita.engine.internal.ops.schema.ContributorInsights::describe);
    add("ListContributorInsights", software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest.class,
        io.partita.engine.internal.ops.schema.ContributorInsights::list);
    add("UpdateContributorInsights",
        software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest.class,
        io.partita.engine.internal.ops.schema.ContributorInsights::update);
    add("SearchVectors", software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest.class,
        io.partita.engine.internal.ops.schema.VectorSearch::search);
    // export and import (io.partita.engine.internal.transfer)
    add("ImportTable", software.amazon.awssdk.services.dynamodb.model.ImportTableRequest.class,
        io.partita.engine.internal.transfer.Imports::importTable);
    add("DescribeImport", software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest.class,
        io.partita.engine.internal.transfer.Imports::describeImport);
    add("ListImports", software.amazon.awssdk.services.dynamodb.model.ListImportsRequest.class,
        io.partita.engine.internal.transfer.Imports::listImports);
    add("ExportTableToPointInTime", software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest.class,
        io.partita.engine.internal.transfer.Exports::exportTable);
    add("DescribeExport", software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest.class,
        io.partita.engine.internal.transfer.Exports::describeExport);
    add("ListExports", software.amazon.awssdk.services.dynamodb.model.ListExportsRequest.class,
        io.partita.engine.internal.transfer.Exports::listExports);
    // DynamoDB Streams
    add("ListStreams", software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest.class, StreamReads::listStreams);
    add("DescribeStream", software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest.class,
        StreamReads::describeStream);
    add("GetShardIterator", software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest.class,
        StreamReads::getShardIterator);
    add("GetRecords", software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest.class, StreamReads::getRecords);
  }

  private Operations() {}

  /** An operation that answers its SDK response. */
  private static <Q extends AwsRequest> void add(String name, Class<Q> type,
      BiFunction<EngineContext, Q, ? extends AwsResponse> handler) {
    answer(name, type, (ctx, req) -> Answer.of(handler.apply(ctx, req)));
  }

  /** An operation that answers items still in their stored encoding ({@link ItemsAnswer}). */
  @SuppressWarnings("unchecked")
  private static <Q extends AwsRequest> void answer(String name, Class<Q> type,
      BiFunction<EngineContext, Q, ? extends Answer> handler) {
    Op op = new Op(name, type, (ctx, req) -> handler.apply(ctx, (Q) req),
        software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsRequest.class.isAssignableFrom(type));
    BY_TYPE.put(type, op);
    BY_NAME.put(name, op);
  }

  static Op byType(Class<?> type) {
    return BY_TYPE.get(type);
  }

  static Op byName(String name) {
    return BY_NAME.get(name);
  }

  static Map<String, Op> all() {
    return Collections.unmodifiableMap(BY_NAME);
  }
}
