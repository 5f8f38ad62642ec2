package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A table's ARN wherever an operation names a table (issue 16): DynamoDB's API reference says of
 * every TableName "You can also provide the Amazon Resource Name (ARN) of the table", and of
 * ConsumedCapacity's TableName "If you had specified the ARN of a table in the input, you'll see the
 * table ARN in the response"; BatchGetItem's Responses are "a map of table name or table ARN".
 * Facts and choices: docs/other-operations.md.
 */
class TableArnsTest {
  private Partita partita;
  private DynamoDbClient dynamo;
  private String arn;

  @BeforeEach
  void open() {
    partita = Partita.inMemory();
    dynamo = PartitaDynamoDb.over(partita);
    Fixtures.createTable(dynamo, "Music", ScalarAttributeType.S);
    arn = dynamo.describeTable(b -> b.tableName("Music")).table().tableArn();
  }

  @AfterEach
  void close() {
    partita.close();
  }

  private Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item(String pk, String sk) {
    return Map.of("pk", s(pk), "sk", s(sk));
  }

  @Test
  void itemAndTableOperationsTakeTheTableArn() {
    dynamo.putItem(b -> b.tableName(arn).item(item("a", "1")));
    assertEquals(item("a", "1"), dynamo.getItem(b -> b.tableName(arn).key(item("a", "1"))).item());
    assertEquals(1, dynamo.query(b -> b.tableName(arn).keyConditionExpression("pk = :p")
        .expressionAttributeValues(Map.of(":p", s("a")))).count());
    assertEquals(1, dynamo.scan(b -> b.tableName(arn)).count());
    dynamo.updateItem(b -> b.tableName(arn).key(item("a", "1")).updateExpression("SET x = :x")
        .expressionAttributeValues(Map.of(":x", s("y"))));
    assertEquals("Music", dynamo.describeTable(b -> b.tableName(arn)).table().tableName());
    dynamo.updateTable(b -> b.tableName(arn).deletionProtectionEnabled(true));
    assertTrue(dynamo.describeTable(b -> b.tableName("Music")).table().deletionProtectionEnabled());
    dynamo.updateTable(b -> b.tableName(arn).deletionProtectionEnabled(false));
    dynamo.updateTimeToLive(b -> b.tableName(arn).timeToLiveSpecification(t -> t.attributeName("ttl").enabled(true)));
    assertEquals("ttl", dynamo.describeTimeToLive(b -> b.tableName(arn)).timeToLiveDescription().attributeName());
    dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
        .put(p -> p.tableName(arn).item(item("b", "1"))).build()));
    assertEquals(item("b", "1"), dynamo.transactGetItems(b -> b.transactItems(t -> t.get(g -> g.tableName(arn)
        .key(item("b", "1"))))).responses().get(0).item());
    dynamo.deleteItem(b -> b.tableName(arn).key(item("a", "1")));
    dynamo.deleteTable(b -> b.tableName(arn));
    assertEquals(List.of(), dynamo.listTables().tableNames());
  }

  @Test
  void answersNameTheTableAsTheRequestDid() {
    BatchWriteItemResponse written = dynamo.batchWriteItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .requestItems(Map.of(arn, List.of(WriteRequest.builder().putRequest(PutRequest.builder()
            .item(item("a", "1")).build()).build()))));
    assertEquals(arn, written.consumedCapacity().get(0).tableName());
    BatchGetItemResponse read = dynamo.batchGetItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .requestItems(Map.of(arn, KeysAndAttributes.builder().keys(item("a", "1")).build())));
    assertEquals(List.of(item("a", "1")), read.responses().get(arn));
    assertEquals(arn, read.consumedCapacity().get(0).tableName());
    assertEquals(arn, dynamo.getItem(b -> b.tableName(arn).key(item("a", "1"))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().tableName());
    assertEquals("Music", dynamo.getItem(b -> b.tableName("Music").key(item("a", "1"))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().tableName());
    assertEquals(arn, dynamo.putItem(b -> b.tableName(arn).item(item("c", "1"))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().tableName());
  }

  @Test
  void oneItemNamedByNameAndByArnIsOneItem() {
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(
        arn, List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(item("a", "1")).build()).build()),
        "Music", List.of(WriteRequest.builder().putRequest(PutRequest.builder().item(item("a", "1")).build()).build())))));
    assertEquals("Provided list of item keys contains duplicates", e.awsErrorDetails().errorMessage());
    e = assertThrows(DynamoDbException.class, () -> dynamo.transactGetItems(b -> b.transactItems(
        t -> t.get(g -> g.tableName(arn).key(item("a", "1"))), t -> t.get(g -> g.tableName("Music").key(item("a", "1"))))));
    assertEquals("Transaction request cannot include multiple operations on one item", e.awsErrorDetails().errorMessage());
  }

  @Test
  void anArnOfAnotherRegionNamesNoTableHere() {
    String otherRegion = arn.replace("us-east-1", "eu-west-2");
    ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class,
        () -> dynamo.describeTable(b -> b.tableName(otherRegion)));
    assertEquals("Requested resource not found: Table: " + otherRegion + " not found", e.awsErrorDetails().errorMessage());
    e = assertThrows(ResourceNotFoundException.class, () -> dynamo.getItem(b -> b.tableName(otherRegion)
        .key(item("a", "1"))));
    assertEquals("Requested resource not found", e.awsErrorDetails().errorMessage());
    DynamoDbException refused = assertThrows(DynamoDbException.class,
        () -> dynamo.createTable(b -> b.tableName(otherRegion).billingMode("PAY_PER_REQUEST")
            .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
            .keySchema(k -> k.attributeName("pk").keyType("HASH"))));
    assertEquals("ValidationException", refused.awsErrorDetails().errorCode());
  }

  /**
   * Another account's table is not this caller's to use: AccessDeniedException naming the operation, for every
   * operation that takes a table ARN (public suites recorded against the service, 2025-2026; issue 34).
   */
  @Test
  void anArnOfAnotherAccountIsDeniedByOperation() {
    String otherAccount = arn.replace("000000000000", "123456789012");
    String deniedGet = "User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:%s on resource: "
        + otherAccount;
    assertDenied(String.format(deniedGet, "GetItem"), () -> dynamo.getItem(b -> b.tableName(otherAccount)
        .key(item("a", "1"))));
    assertDenied(String.format(deniedGet, "DescribeTable"), () -> dynamo.describeTable(b -> b.tableName(otherAccount)));
    assertDenied(String.format(deniedGet, "BatchGetItem"), () -> dynamo.batchGetItem(b -> b.requestItems(
        Map.of(otherAccount, KeysAndAttributes.builder().keys(item("a", "1")).build()))));
    assertDenied(String.format(deniedGet, "TransactWriteItems"), () -> dynamo.transactWriteItems(b -> b.transactItems(
        t -> t.put(p -> p.tableName(otherAccount).item(item("a", "1"))))));
    assertDenied(String.format(deniedGet, "CreateTable"), () -> dynamo.createTable(b -> b.tableName(otherAccount)
        .billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))));
    // and nothing was written here under the name in the ARN
    assertEquals(List.of("Music"), dynamo.listTables().tableNames());
    assertEquals(0, dynamo.scan(b -> b.tableName("Music")).count());
  }

  private static void assertDenied(String message, org.junit.jupiter.api.function.Executable call) {
    DynamoDbException e = assertThrows(DynamoDbException.class, call);
    assertEquals("AccessDeniedException", e.awsErrorDetails().errorCode(), message);
    assertEquals(400, e.statusCode());
    assertEquals(message, e.awsErrorDetails().errorMessage());
  }

  @Test
  void aTableArnCreatesTheTableOfItsName() {
    String other = arn.replace("table/Music", "table/Other");
    String made = dynamo.createTable(b -> b.tableName(other).billingMode("PAY_PER_REQUEST")
        .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("pk").keyType("HASH"))).tableDescription().tableArn();
    assertEquals(other, made);
    assertEquals(List.of("Music", "Other"), dynamo.listTables().tableNames());
  }

  @Test
  void anIndexArnOrAMalformedOneIsRefused() {
    for (String bad : List.of(arn + "/index/byX", arn + "/stream/2024-01-01T00:00:00.000", "arn:aws:s3:::bucket",
        "arn:aws:dynamodb:us-east-1:000000000000:table/ab")) {
      DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.getItem(b -> b.tableName(bad)
          .key(item("a", "1"))), bad);
      assertEquals("ValidationException", e.awsErrorDetails().errorCode(), bad);
      assertTrue(e.awsErrorDetails().errorMessage().contains("is not a table ARN"), e.awsErrorDetails().errorMessage());
    }
    // names keep the service's name rules (scylladb's test_item.py, run against the service)
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> dynamo.getItem(b -> b.tableName("no!such")
        .key(item("a", "1"))));
    assertTrue(e.awsErrorDetails().errorMessage().contains("Member must satisfy regular expression pattern"));
    String tooLong = "arn:" + "x".repeat(1021);
    e = assertThrows(DynamoDbException.class, () -> dynamo.describeTable(b -> b.tableName(tooLong)));
    assertTrue(e.awsErrorDetails().errorMessage().contains("Member must have length less than or equal to 1024"),
        e.awsErrorDetails().errorMessage());
  }
}
