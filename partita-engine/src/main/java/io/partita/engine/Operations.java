package io.partita.engine;

import io.partita.engine.ops.BatchGetItem;
import io.partita.engine.ops.BatchWriteItem;
import io.partita.engine.ops.CreateTable;
import io.partita.engine.ops.DeleteItem;
import io.partita.engine.ops.DeleteTable;
import io.partita.engine.ops.DescribeTable;
import io.partita.engine.ops.DescribeTimeToLive;
import io.partita.engine.ops.EngineContext;
import io.partita.engine.ops.GetItem;
import io.partita.engine.ops.ListTables;
import io.partita.engine.ops.PutItem;
import io.partita.engine.ops.Query;
import io.partita.engine.ops.Scan;
import io.partita.engine.ops.Tagging;
import io.partita.engine.ops.StreamReads;
import io.partita.engine.ops.TransactGetItems;
import io.partita.engine.ops.TransactWriteItems;
import io.partita.engine.ops.UpdateItem;
import io.partita.engine.ops.UpdateTable;
import io.partita.engine.ops.UpdateTimeToLive;
import io.partita.engine.partiql.PartiQl;
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
      BiFunction<EngineContext, AwsRequest, AwsResponse> handler, boolean streams) {}

  private static final Map<Class<?>, Op> BY_TYPE = new LinkedHashMap<>();
  private static final Map<String, Op> BY_NAME = new LinkedHashMap<>();

  static {
    add("CreateTable", CreateTableRequest.class, CreateTable::execute);
    add("DescribeTable", DescribeTableRequest.class, DescribeTable::execute);
    add("ListTables", ListTablesRequest.class, ListTables::execute);
    add("UpdateTable", UpdateTableRequest.class, UpdateTable::execute);
    add("DeleteTable", DeleteTableRequest.class, DeleteTable::execute);
    add("PutItem", PutItemRequest.class, PutItem::execute);
    add("GetItem", GetItemRequest.class, GetItem::execute);
    add("UpdateItem", UpdateItemRequest.class, UpdateItem::execute);
    add("DeleteItem", DeleteItemRequest.class, DeleteItem::execute);
    add("Query", QueryRequest.class, Query::execute);
    add("Scan", ScanRequest.class, Scan::execute);
    add("TransactWriteItems", TransactWriteItemsRequest.class, TransactWriteItems::execute);
    add("TransactGetItems", TransactGetItemsRequest.class, TransactGetItems::execute);
    add("BatchGetItem", BatchGetItemRequest.class, BatchGetItem::execute);
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
        io.partita.engine.ops.OnDemandBackups::create);
    add("DescribeBackup", software.amazon.awssdk.services.dynamodb.model.DescribeBackupRequest.class,
        io.partita.engine.ops.OnDemandBackups::describe);
    add("ListBackups", software.amazon.awssdk.services.dynamodb.model.ListBackupsRequest.class,
        io.partita.engine.ops.OnDemandBackups::list);
    add("DeleteBackup", software.amazon.awssdk.services.dynamodb.model.DeleteBackupRequest.class,
        io.partita.engine.ops.OnDemandBackups::delete);
    add("RestoreTableFromBackup", software.amazon.awssdk.services.dynamodb.model.RestoreTableFromBackupRequest.class,
        io.partita.engine.ops.Restores::fromBackup);
    add("UpdateContinuousBackups", software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest.class,
        io.partita.engine.ops.ContinuousBackups::update);
    add("DescribeContinuousBackups",
        software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest.class,
        io.partita.engine.ops.ContinuousBackups::describe);
    add("RestoreTableToPointInTime",
        software.amazon.awssdk.services.dynamodb.model.RestoreTableToPointInTimeRequest.class,
        io.partita.engine.ops.Restores::toPointInTime);
    add("DescribeEndpoints", software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsRequest.class,
        io.partita.engine.ops.ServiceInfo::describeEndpoints);
    add("DescribeLimits", software.amazon.awssdk.services.dynamodb.model.DescribeLimitsRequest.class,
        io.partita.engine.ops.ServiceInfo::describeLimits);
    add("PutResourcePolicy", software.amazon.awssdk.services.dynamodb.model.PutResourcePolicyRequest.class,
        io.partita.engine.ops.ResourcePolicies::put);
    add("GetResourcePolicy", software.amazon.awssdk.services.dynamodb.model.GetResourcePolicyRequest.class,
        io.partita.engine.ops.ResourcePolicies::get);
    add("DeleteResourcePolicy", software.amazon.awssdk.services.dynamodb.model.DeleteResourcePolicyRequest.class,
        io.partita.engine.ops.ResourcePolicies::delete);
    add("DescribeTableReplicaAutoScaling",
        software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingRequest.class,
        io.partita.engine.ops.ReplicaAutoScaling::describe);
    add("UpdateTableReplicaAutoScaling",
        software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingRequest.class,
        io.partita.engine.ops.ReplicaAutoScaling::update);
    add("DescribeKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationRequest.class,
        io.partita.engine.ops.KinesisDestinations::describe);
    add("EnableKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationRequest.class,
        io.partita.engine.ops.KinesisDestinations::enable);
    add("DisableKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationRequest.class,
        io.partita.engine.ops.KinesisDestinations::disable);
    add("UpdateKinesisStreamingDestination",
        software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationRequest.class,
        io.partita.engine.ops.KinesisDestinations::update);
    add("ListGlobalTables", software.amazon.awssdk.services.dynamodb.model.ListGlobalTablesRequest.class,
        io.partita.engine.ops.GlobalTables::list);
    add("DescribeGlobalTable", software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableRequest.class,
        io.partita.engine.ops.GlobalTables::describe);
    add("DescribeGlobalTableSettings",
        software.amazon.awssdk.services.dynamodb.model.DescribeGlobalTableSettingsRequest.class,
        io.partita.engine.ops.GlobalTables::describeSettings);
    add("CreateGlobalTable", software.amazon.awssdk.services.dynamodb.model.CreateGlobalTableRequest.class,
        io.partita.engine.ops.GlobalTables::create);
    add("UpdateGlobalTable", software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableRequest.class,
        io.partita.engine.ops.GlobalTables::update);
    add("UpdateGlobalTableSettings",
        software.amazon.awssdk.services.dynamodb.model.UpdateGlobalTableSettingsRequest.class,
        io.partita.engine.ops.GlobalTables::updateSettings);
    add("DescribeContributorInsights",
        software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest.class,
        io.partita.engine.ops.ContributorInsights::describe);
    add("ListContributorInsights", software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest.class,
        io.partita.engine.ops.ContributorInsights::list);
    add("UpdateContributorInsights",
        software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest.class,
        io.partita.engine.ops.ContributorInsights::update);
    add("SearchVectors", software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest.class,
        io.partita.engine.ops.VectorSearch::search);
    // export and import (io.partita.engine.transfer)
    add("ImportTable", software.amazon.awssdk.services.dynamodb.model.ImportTableRequest.class,
        io.partita.engine.transfer.Imports::importTable);
    add("DescribeImport", software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest.class,
        io.partita.engine.transfer.Imports::describeImport);
    add("ListImports", software.amazon.awssdk.services.dynamodb.model.ListImportsRequest.class,
        io.partita.engine.transfer.Imports::listImports);
    add("ExportTableToPointInTime", software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest.class,
        io.partita.engine.transfer.Exports::exportTable);
    add("DescribeExport", software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest.class,
        io.partita.engine.transfer.Exports::describeExport);
    add("ListExports", software.amazon.awssdk.services.dynamodb.model.ListExportsRequest.class,
        io.partita.engine.transfer.Exports::listExports);
    // DynamoDB Streams
    add("ListStreams", software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest.class, StreamReads::listStreams);
    add("DescribeStream", software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest.class,
        StreamReads::describeStream);
    add("GetShardIterator", software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest.class,
        StreamReads::getShardIterator);
    add("GetRecords", software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest.class, StreamReads::getRecords);
  }

  private Operations() {}

  @SuppressWarnings("unchecked")
  private static <Q extends AwsRequest> void add(String name, Class<Q> type,
      BiFunction<EngineContext, Q, ? extends AwsResponse> handler) {
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
