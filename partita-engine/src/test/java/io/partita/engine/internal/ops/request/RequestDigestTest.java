package io.partita.engine.internal.ops.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/** A digest is equal exactly where the SDK's equals is, checked case by case beside equals itself. */
class RequestDigestTest {
  /** The token is left out always: the SDK makes one up when it is read and not given. */
  private static final Set<String> NONE = Set.of("ClientRequestToken");

  private static TransactWriteItemsRequest put(Map<String, AttributeValue> item) {
    return TransactWriteItemsRequest.builder()
        .transactItems(TransactWriteItem.builder().put(p -> p.tableName("t").item(item)).build()).build();
  }

  private static void same(Object a, Object b, RequestDigest da, RequestDigest db) {
    assertEquals(a, b, "the SDK's equals");
    assertEquals(da, db);
    assertEquals(da.hashCode(), db.hashCode());
  }

  private static void different(Object a, Object b, RequestDigest da, RequestDigest db) {
    assertNotEquals(a, b, "the SDK's equals");
    assertNotEquals(da, db);
  }

  private static void same(TransactWriteItemsRequest a, TransactWriteItemsRequest b) {
    same(a, b, RequestDigest.of(a, NONE), RequestDigest.of(b, NONE));
  }

  private static void different(TransactWriteItemsRequest a, TransactWriteItemsRequest b) {
    different(a, b, RequestDigest.of(a, NONE), RequestDigest.of(b, NONE));
  }

  @Test
  void aMapsOrderDoesNotCountItsContentDoes() {
    Map<String, AttributeValue> ab = new LinkedHashMap<>();
    ab.put("a", AttributeValue.fromS("1"));
    ab.put("b", AttributeValue.fromN("2"));
    Map<String, AttributeValue> ba = new LinkedHashMap<>();
    ba.put("b", AttributeValue.fromN("2"));
    ba.put("a", AttributeValue.fromS("1"));
    same(put(ab), put(ba));
    different(put(ab), put(Map.of("a", AttributeValue.fromS("1"), "b", AttributeValue.fromS("2"))));
    different(put(ab), put(Map.of("a", AttributeValue.fromS("1"), "b", AttributeValue.fromN("2.0"))));
    different(put(Map.of("ab", AttributeValue.fromS("c"))), put(Map.of("a", AttributeValue.fromS("bc"))));
  }

  @Test
  void everyKindOfValueCounts() {
    List<AttributeValue> values = List.of(AttributeValue.fromS("x"), AttributeValue.fromN("1"),
        AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1})), AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {2})),
        AttributeValue.fromBool(true), AttributeValue.fromBool(false), AttributeValue.fromNul(true),
        AttributeValue.fromSs(List.of("x")), AttributeValue.fromSs(List.of("x", "y")), AttributeValue.fromSs(List.of("y", "x")),
        AttributeValue.fromNs(List.of("1")), AttributeValue.fromL(List.of()), AttributeValue.fromL(List.of(AttributeValue.fromS("x"))),
        AttributeValue.fromM(Map.of()), AttributeValue.fromM(Map.of("x", AttributeValue.fromS("x"))),
        // not one member: walked member by member, never equal to a value of one member
        AttributeValue.builder().build(), AttributeValue.builder().s("x").n("1").build(),
        AttributeValue.builder().s("x").ss(List.of()).build(), AttributeValue.builder().s("x").ss(List.of()).build(),
        AttributeValue.builder().s("x").ss(List.of("x")).build(),
        // a member set back to null: the SDK's builder leaves its type() behind, equals does not care
        AttributeValue.fromS("x").toBuilder().s(null).n("1").build(), AttributeValue.fromS("x").toBuilder().s(null).build(),
        AttributeValue.fromBool(false), AttributeValue.fromNul(false), AttributeValue.fromSs(List.of()));
    for (AttributeValue a : values) {
      for (AttributeValue b : values) {
        TransactWriteItemsRequest ra = put(Map.of("v", a));
        TransactWriteItemsRequest rb = put(Map.of("v", b));
        if (a.equals(b)) {
          same(ra, rb);
        } else {
          different(ra, rb);
        }
      }
    }
  }

  @Test
  void aNullValueInAMapIsAValueToo() {
    Map<String, AttributeValue> withNull = new java.util.HashMap<>();
    withNull.put("a", AttributeValue.fromS("1"));
    withNull.put("b", null);
    Map<String, AttributeValue> withNullAgain = new java.util.HashMap<>(withNull);
    same(put(withNull), put(withNullAgain));
    different(put(withNull), put(Map.of("a", AttributeValue.fromS("1"))));
  }

  @Test
  void anEmptyListGivenIsNotAListLeftOutAsInEquals() {
    ExecuteTransactionRequest none = ExecuteTransactionRequest.builder()
        .transactStatements(ParameterizedStatement.builder().statement("EXISTS(SELECT * FROM t)").build()).build();
    ExecuteTransactionRequest empty = ExecuteTransactionRequest.builder()
        .transactStatements(ParameterizedStatement.builder().statement("EXISTS(SELECT * FROM t)")
            .parameters(List.of()).build()).build();
    different(none, empty, RequestDigest.of(none, NONE), RequestDigest.of(empty, NONE));
    ExecuteTransactionRequest copy = none.toBuilder().build();
    same(none, copy, RequestDigest.of(none, NONE), RequestDigest.of(copy, NONE));
  }

  @Test
  void membersLeftOutDoNotCountByTheirNames() {
    TransactWriteItemsRequest a = put(Map.of("v", AttributeValue.fromS("x"))).toBuilder().clientRequestToken("a")
        .returnConsumedCapacity("TOTAL").build();
    TransactWriteItemsRequest b = a.toBuilder().clientRequestToken("b").returnConsumedCapacity((String) null).build();
    Set<String> leftOut = Set.of("ClientRequestToken", "ReturnConsumedCapacity");
    assertEquals(RequestDigest.of(a, leftOut), RequestDigest.of(b, leftOut));
    assertNotEquals(RequestDigest.of(a, NONE), RequestDigest.of(b, NONE));
    assertThrows(IllegalArgumentException.class, () -> RequestDigest.of(a, Set.of()));
    assertNotEquals(RequestDigest.of(a, leftOut),
        RequestDigest.of(b.toBuilder().returnItemCollectionMetrics("SIZE").build(), leftOut));
  }
}
