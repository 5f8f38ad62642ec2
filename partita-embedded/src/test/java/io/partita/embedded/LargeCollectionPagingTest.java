package io.partita.embedded;

import static io.partita.embedded.Fixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A 5 MB item collection read page by page: DynamoDB's 1 MB pages, each item exactly once, in
 * order, forward and backward.
 */
class LargeCollectionPagingTest {
  private static final int ITEMS = 1300;
  private static final String PAD = "p".repeat(4000);
  private DynamoDbClient dynamo;

  @BeforeEach
  void open() {
    dynamo = PartitaDynamoDb.inMemory();
    Fixtures.createTable(dynamo, "big", ScalarAttributeType.S);
    for (int i = 0; i < ITEMS; i++) {
      Map<String, AttributeValue> item = Map.of("pk", s("SENSOR#1"), "sk", s(String.format("READING#%06d", i)),
          "pad", s(PAD));
      dynamo.putItem(b -> b.tableName("big").item(item));
    }
  }

  @AfterEach
  void close() {
    dynamo.close();
  }

  @Test
  void everyItemOnceInOrderBothWays() {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ITEMS; i++) {
      expected.add(String.format("READING#%06d", i));
    }
    for (boolean forward : new boolean[] {true, false}) {
      List<String> seen = new ArrayList<>();
      int pages = 0;
      Map<String, AttributeValue> start = null;
      do {
        Map<String, AttributeValue> from = start;
        QueryResponse page = dynamo.query(b -> b.tableName("big").keyConditionExpression("pk = :p")
            .expressionAttributeValues(Map.of(":p", s("SENSOR#1"))).scanIndexForward(forward).exclusiveStartKey(from));
        pages++;
        assertTrue(page.count() <= 1024 * 1024 / PAD.length() + 1, "a page holds about 1 MB, not " + page.count());
        page.items().forEach(i -> seen.add(i.get("sk").s()));
        start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
      } while (start != null);
      List<String> want = new ArrayList<>(expected);
      if (!forward) {
        Collections.reverse(want);
      }
      assertEquals(want, seen);
      assertTrue(pages >= 5, "5 MB takes at least five 1 MB pages, not " + pages);
    }
  }
}
