package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.protocols.jsoncore.JsonNode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Issue 35: streams, time to live, point-in-time recovery and tags declared in {@link TableSchema}, made by {@code
 * createTable()} (CreateTable carries the stream and the tags; UpdateTimeToLive and UpdateContinuousBackups follow,
 * in that order, a failure said loudly) and written by the CloudFormation and Terraform exports.
 */
class TableFeaturesTest {

  record Session(String sessionId, Optional<Instant> expiresAt) {}

  private static final Entity<Session> SESSION = Entity.of(Session.class).key("SESSION#{sessionId}", "SESSION")
      .ttl("expiresAt");

  private static Model model(String table) {
    return Model.builder(TableSchema.named(table).stream(StreamViewType.NEW_AND_OLD_IMAGES).pointInTimeRecovery()
        .tag("team", "checkout").tag("cost-center", "42")).entities(SESSION).build();
  }

  private static void assertMade(DynamoDbClient dynamo, String table) {
    TableDescription d = dynamo.describeTable(b -> b.tableName(table)).table();
    assertTrue(d.streamSpecification().streamEnabled());
    assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, d.streamSpecification().streamViewType());
    assertNotNull(d.latestStreamArn());
    assertEquals(PointInTimeRecoveryStatus.ENABLED, dynamo.describeContinuousBackups(b -> b.tableName(table))
        .continuousBackupsDescription().pointInTimeRecoveryDescription().pointInTimeRecoveryStatus());
    Map<String, String> tags = new LinkedHashMap<>();
    dynamo.listTagsOfResource(b -> b.resourceArn(d.tableArn())).tags().forEach(t -> tags.put(t.key(), t.value()));
    assertEquals(Map.of("team", "checkout", "cost-center", "42"), tags);
    assertEquals(TimeToLiveStatus.ENABLED, dynamo.describeTimeToLive(b -> b.tableName(table))
        .timeToLiveDescription().timeToLiveStatus());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void createTableMakesTheStreamPointInTimeRecoveryTagsAndTimeToLive(Backend backend) {
    String table = Backend.freshTable("Sessions");
    Model model = model(table);
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    assertMade(backend.client(), table);
    db.entity(SESSION).create(new Session("s1", Optional.of(Instant.parse("2030-01-01T00:00:00Z"))));
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void theAsyncClientMakesTheSameTable(AsyncBackend backend) {
    String table = Backend.freshTable("AsyncSessions");
    AsyncModelClient.create(model(table), backend.async()).createTable().join();
    assertMade(backend.sync(), table);
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aFollowUpThatFailsIsSaidLoudlyNamingWhatTheTableLacks(Backend backend) {
    String table = Backend.freshTable("Sessions");
    DynamoDbClient refusing = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("updateContinuousBackups")) {
            throw new IllegalStateException("continuous backups are switched off for this account");
          }
          try {
            return method.invoke(backend.client(), args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
    ModelException e = assertThrows(ModelException.class, () -> ModelClient.create(model(table), refusing)
        .createTable());
    assertEquals("Table " + table + " was created, but enabling point-in-time recovery failed: continuous backups are"
        + " switched off for this account; the table is there without it (enable it by hand, or delete the table and"
        + " create it again)", e.getMessage());
    // time to live came first, and was made
    assertEquals(TimeToLiveStatus.ENABLED, backend.client().describeTimeToLive(b -> b.tableName(table))
        .timeToLiveDescription().timeToLiveStatus());
  }

  @Test
  void theExportsCarryTheStreamPointInTimeRecoveryAndTags() {
    TableSchema table = model("Sessions").table();
    JsonNode props = JsonNode.parser().parse(table.toCloudFormation()).field("Resources").orElseThrow()
        .field("Table").orElseThrow().field("Properties").orElseThrow();
    assertEquals("NEW_AND_OLD_IMAGES", props.field("StreamSpecification").orElseThrow().field("StreamViewType")
        .orElseThrow().asString());
    assertTrue(props.field("PointInTimeRecoverySpecification").orElseThrow().field("PointInTimeRecoveryEnabled")
        .orElseThrow().asBoolean());
    List<JsonNode> tags = props.field("Tags").orElseThrow().asArray();
    assertEquals(List.of("team=checkout", "cost-center=42"), tags.stream().map(t -> t.field("Key").orElseThrow()
        .asString() + "=" + t.field("Value").orElseThrow().asString()).toList());
    assertEquals("expiresAt", props.field("TimeToLiveSpecification").orElseThrow().field("AttributeName")
        .orElseThrow().asString());

    String hcl = table.toTerraform("sessions");
    assertTrue(hcl.endsWith("""
          ttl {
            attribute_name = "expiresAt"
            enabled        = true
          }

          stream_enabled   = true
          stream_view_type = "NEW_AND_OLD_IMAGES"

          point_in_time_recovery {
            enabled = true
          }

          tags = {
            "team" = "checkout"
            "cost-center" = "42"
          }
        }
        """), hcl);
    // the plain table says none of it
    String plain = TableSchema.named("Plain").toTerraform("plain");
    assertTrue(!plain.contains("stream") && !plain.contains("point_in_time") && !plain.contains("tags"), plain);
    assertTrue(!TableSchema.named("Plain").toCloudFormation().contains("Tags"));
    assertEquals("TableSchema[Sessions, pk/sk, indexes [], ttl expiresAt, stream NEW_AND_OLD_IMAGES, point-in-time"
        + " recovery, tags {team=checkout, cost-center=42}]", table.toString());
  }

  @Test
  void streamsAndTagsThatDynamoDbWouldRefuseAreRefusedWhenDeclared() {
    TableSchema t = TableSchema.named("Shop");
    assertEquals("Tag key 'aws:owner': the aws: prefix is reserved for AWS's own tags",
        assertThrows(ModelException.class, () -> t.tag("aws:owner", "x")).getMessage());
    assertEquals("Tag key '': DynamoDB takes 1 to 128 characters",
        assertThrows(ModelException.class, () -> t.tag("", "x")).getMessage());
    assertEquals("Tag team is declared twice ('a', 'b')",
        assertThrows(ModelException.class, () -> t.tag("team", "a").tag("team", "b")).getMessage());
    assertTrue(assertThrows(ModelException.class, () -> t.tag("k", "v".repeat(257))).getMessage()
        .contains("257 characters"));
    assertEquals("A stream needs a view type: NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES or KEYS_ONLY, not null",
        assertThrows(ModelException.class, () -> t.stream(null)).getMessage());
    TableSchema many = t;
    for (int i = 0; i < 50; i++) {
      many = many.tag("k" + i, "v");
    }
    TableSchema full = many;
    assertEquals("Tag k50: a table takes at most 50 tags",
        assertThrows(ModelException.class, () -> full.tag("k50", "v")).getMessage());
    // createTableRequest carries what CreateTable can
    var request = t.stream(StreamViewType.KEYS_ONLY).tag("team", "a").pointInTimeRecovery().createTableRequest();
    assertEquals(StreamViewType.KEYS_ONLY, request.streamSpecification().streamViewType());
    assertEquals("a", request.tags().get(0).value());
    assertTrue(t.pointInTimeRecovery().pointInTimeRecoveryRequest().isPresent());
    assertTrue(t.pointInTimeRecoveryRequest().isEmpty());

  }
}
