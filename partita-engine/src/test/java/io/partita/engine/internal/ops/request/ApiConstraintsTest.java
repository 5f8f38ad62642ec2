package io.partita.engine.internal.ops.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The one walk of a request's members against the API's declared constraints, in the service's form
 * (docs/dynamodb-messages.md; recorded facts such as create-table-two-validation-errors).
 */
class ApiConstraintsTest {
  private static String refusal(SdkPojo request) {
    PartitaException e = assertThrows(PartitaException.class, () -> ApiConstraints.check(request));
    assertEquals(ErrorCode.ValidationException, e.code());
    return e.getMessage();
  }

  @Test
  void aMissingRequiredMemberIsAnsweredAlone_beforeAnyOtherViolation() {
    assertEquals("The parameter 'TableName' is required but was not present in the request",
        refusal(GetItemRequest.builder().key(Map.of("pk", AttributeValue.fromS("a"))).returnConsumedCapacity("ALL").build()));
    assertEquals("The parameter 'Key' is required but was not present in the request",
        refusal(GetItemRequest.builder().tableName("ab").build()));
    assertEquals("The requestItems parameter is required for BatchGetItem",
        refusal(BatchGetItemRequest.builder().requestItems(Map.of()).build()));
  }

  @Test
  void everyViolationIsCollectedIntoOneMessage_withTheServicesMemberPaths() {
    // Query's Limit in the service's newer wording (recorded 2026, issue 34): no value, the request's name
    assertEquals("2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must "
        + "have length greater than or equal to 3; Value at 'Limit' failed to satisfy constraint: Member must have "
        + "value greater than or equal to 1",
        refusal(QueryRequest.builder().tableName("ab").limit(0).build()));
    assertEquals("1 validation error detected: Value 'SIDEWAYS' at 'keySchema.2.member.keyType' failed to satisfy "
        + "constraint: Member must satisfy enum value set: [HASH, RANGE]",
        refusal(CreateTableRequest.builder().tableName("tbl1")
            .keySchema(k -> k.attributeName("pk").keyType("HASH"), k -> k.attributeName("sk").keyType("SIDEWAYS")).build()));
    assertEquals("1 validation error detected: Value null at 'attributeDefinitions.1.member.attributeType' failed to "
        + "satisfy constraint: Member must not be null",
        refusal(CreateTableRequest.builder().tableName("tbl1").attributeDefinitions(a -> a.attributeName("pk")).build()));
    List<Map<String, AttributeValue>> keys = new java.util.ArrayList<>();
    for (int i = 0; i < 101; i++) keys.add(Map.of("pk", AttributeValue.fromS("k" + i)));
    String tooMany = refusal(BatchGetItemRequest.builder()
        .requestItems(Map.of("T1", KeysAndAttributes.builder().keys(keys).build())).build());
    assertEquals("1 validation error detected: Value at 'RequestItems.T1.member.Keys' failed to satisfy "
        + "constraint: Member must have length less than or equal to 100", tooMany);
  }

  @Test
  void aValidRequestPasses_andItsItemIsNotWalked() {
    ApiConstraints.check(GetItemRequest.builder().tableName("a.b-c_1").key(Map.of("pk", AttributeValue.fromS("")))
        .returnConsumedCapacity("TOTAL").build());
    assertEquals("1 validation error detected: Value 'bad name' at 'tableName' failed to satisfy constraint: Member must "
        + "satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
        refusal(GetItemRequest.builder().tableName("bad name").key(Map.of()).build()));
  }

  /**
   * The shapes that take a table's ARN are named by text (so that naming them loads nothing): each
   * name must be a shape of the SDK's model with a TableName member, or an ARN sent to it would be
   * judged as a name.
   */
  @Test
  void everyShapeNamedAsTakingATableArnIsAShapeWithATableName() throws Exception {
    for (String shape : ApiConstraints.TABLE_ARN_SHAPES) {
      Class<?> type = Class.forName(GetItemRequest.class.getPackageName() + "." + shape);
      SdkPojo empty = (SdkPojo) ((software.amazon.awssdk.utils.builder.SdkBuilder<?, ?>)
          type.getMethod("builder").invoke(null)).build();
      assertTrue(empty.sdkFields().stream().anyMatch(f -> f.memberName().equals("TableName")), shape);
    }
  }

  @Test
  void aTableArnIsJudgedByItsOwnLengthWhereTheModelTakesOne() {
    String arn = "arn:aws:dynamodb:us-east-1:123456789012:table/" + "t".repeat(300);
    // a name of 300 characters would break TableName's 255; an ARN is held to TableArn's 1024 only
    ApiConstraints.check(GetItemRequest.builder().tableName(arn).key(Map.of()).build());
    assertTrue(refusal(software.amazon.awssdk.services.dynamodb.model.ListTablesRequest.builder()
        .exclusiveStartTableName(arn).build()).contains("exclusiveStartTableName"));
  }
}
