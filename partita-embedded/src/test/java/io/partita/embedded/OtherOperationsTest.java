package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsStatus;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalTableNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReplicaAutoScalingDescription;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The rest of DynamoDB's API (issue 16): DescribeEndpoints and DescribeLimits served; what one local
 * engine in one region can answer truthfully answered (no global tables, no Kinesis destinations,
 * Contributor Insights DISABLED, no auto scaling); what it cannot honour refused by name with a
 * ValidationException, never UnknownOperationException. docs/other-operations.md.
 */
class OtherOperationsTest {
  private Partita partita;
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    partita = Partita.inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    Fixtures.createTable(dynamo, "Music", null);
  }

  @AfterEach
  void close() {
    partita.close();
  }

  @Test
  void describeEndpointsAndLimits() {
    var endpoints = dynamo.describeEndpoints(b -> {}).endpoints();
    assertEquals(1, endpoints.size());
    assertEquals("localhost", endpoints.get(0).address());
    assertEquals(1440L, endpoints.get(0).cachePeriodInMinutes());
    partita.advertiseEndpoint("127.0.0.1:8000");
    assertEquals("127.0.0.1:8000", dynamo.describeEndpoints(b -> {}).endpoints().get(0).address());
    DescribeLimitsResponse limits = dynamo.describeLimits(b -> {});
    assertEquals(80_000L, limits.accountMaxReadCapacityUnits());
    assertEquals(80_000L, limits.accountMaxWriteCapacityUnits());
    assertEquals(40_000L, limits.tableMaxReadCapacityUnits());
    assertEquals(40_000L, limits.tableMaxWriteCapacityUnits());
  }

  @Test
  void globalTables() {
    assertEquals(List.of(), dynamo.listGlobalTables(b -> {}).globalTables());
    assertThrows(GlobalTableNotFoundException.class, () -> dynamo.describeGlobalTable(b -> b.globalTableName("Music")));
    assertThrows(GlobalTableNotFoundException.class,
        () -> dynamo.describeGlobalTableSettings(b -> b.globalTableName("Music")));
    refused(() -> dynamo.createGlobalTable(b -> b.globalTableName("Music").replicationGroup(r -> r.regionName("eu-west-1"))));
    refused(() -> dynamo.updateGlobalTable(b -> b.globalTableName("Music")
        .replicaUpdates(u -> u.create(c -> c.regionName("eu-west-1")))));
    refused(() -> dynamo.updateGlobalTableSettings(b -> b.globalTableName("Music").globalTableBillingMode("PAY_PER_REQUEST")));
    refused(() -> dynamo.updateTable(b -> b.tableName("Music").replicaUpdates(u -> u.create(c -> c.regionName("eu-west-1")))));
    refused(() -> dynamo.updateTable(b -> b.tableName("Music").multiRegionConsistency("STRONG")));
  }

  @Test
  void kinesisDestinations() {
    var described = dynamo.describeKinesisStreamingDestination(b -> b.tableName("Music"));
    assertEquals("Music", described.tableName());
    assertEquals(List.of(), described.kinesisDataStreamDestinations());
    String stream = "arn:aws:kinesis:us-east-1:000000000000:stream/s";
    refused(() -> dynamo.enableKinesisStreamingDestination(b -> b.tableName("Music").streamArn(stream)));
    refused(() -> dynamo.disableKinesisStreamingDestination(b -> b.tableName("Music").streamArn(stream)));
    refused(() -> dynamo.updateKinesisStreamingDestination(b -> b.tableName("Music").streamArn(stream)
        .updateKinesisStreamingConfiguration(c -> c.approximateCreationDateTimePrecision("MICROSECOND"))));
    assertThrows(ResourceNotFoundException.class,
        () -> dynamo.enableKinesisStreamingDestination(b -> b.tableName("Nope").streamArn(stream)));
  }

  @Test
  void contributorInsights() {
    var described = dynamo.describeContributorInsights(b -> b.tableName("Music"));
    assertEquals(ContributorInsightsStatus.DISABLED, described.contributorInsightsStatus());
    assertEquals("Music", described.tableName());
    assertEquals(List.of(), dynamo.listContributorInsights(b -> {}).contributorInsightsSummaries());
    assertEquals(ContributorInsightsStatus.DISABLED, dynamo.updateContributorInsights(b -> b.tableName("Music")
        .contributorInsightsAction("DISABLE")).contributorInsightsStatus());
    refused(() -> dynamo.updateContributorInsights(b -> b.tableName("Music").contributorInsightsAction("ENABLE")));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeContributorInsights(b -> b.tableName("Music")
        .indexName("noSuchIndex")));
    assertThrows(ResourceNotFoundException.class, () -> dynamo.describeContributorInsights(b -> b.tableName("Nope")));
  }

  @Test
  void replicaAutoScaling() {
    var description = dynamo.describeTableReplicaAutoScaling(b -> b.tableName("Music")).tableAutoScalingDescription();
    assertEquals("Music", description.tableName());
    ReplicaAutoScalingDescription replica = description.replicas().get(0);
    assertEquals(1, description.replicas().size());
    assertEquals("us-east-1", replica.regionName());
    assertTrue(replica.replicaProvisionedReadCapacityAutoScalingSettings().autoScalingDisabled());
    refused(() -> dynamo.updateTableReplicaAutoScaling(b -> b.tableName("Music")
        .provisionedWriteCapacityAutoScalingUpdate(u -> u.minimumUnits(1L).maximumUnits(10L))));
    DynamoDbException e = refused(() -> dynamo.updateTableReplicaAutoScaling(b -> b.tableName("Music")
        .replicaUpdates(r -> r.regionName("eu-west-1"))));
    assertTrue(e.awsErrorDetails().errorMessage().contains("eu-west-1"));
  }

  /** A refusal by name: DynamoDB's ValidationException, saying Partita does not support it. */
  private static DynamoDbException refused(Executable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call);
    assertEquals("ValidationException", e.awsErrorDetails().errorCode(), e.awsErrorDetails().errorMessage());
    assertTrue(e.awsErrorDetails().errorMessage().contains("is not supported by Partita"), e.awsErrorDetails().errorMessage());
    return e;
  }
}
