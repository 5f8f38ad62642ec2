package io.partita.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Shared data of the benchmarks: a ~1 KB item of mixed types and the table that holds it. */
public final class Fixtures {
  public static final String TABLE = "bench";

  private Fixtures() {}

  /**
   * A ~1 KB item (969 bytes by DynamoDB's size rules, 1,077 bytes in ItemCodec's encoding; the
   * ItemCodecBench setup prints both) with S, N, B, BOOL, NULL, SS, NS, L and M attributes, 17 at
   * the top level and 53 values in all, keyed by {@code pk}. {@code items} is a non-empty list and
   * {@code status} is "open", so the evaluation benchmark's condition holds; {@code a}, {@code b}
   * and {@code c} are what its update touches. Numbers are already canonical, so the item reads
   * back equal to what was written.
   */
  public static Map<String, AttributeValue> item(String pk) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    m.put("pk", AttributeValue.fromS(pk));
    m.put("status", AttributeValue.fromS("open"));
    m.put("customer", AttributeValue.fromS("customer#00042 Jane Q. Example"));
    m.put("email", AttributeValue.fromS("jane.q.example@example.com"));
    m.put("a", AttributeValue.fromN("41"));
    m.put("total", AttributeValue.fromN("1234.56"));
    m.put("createdAt", AttributeValue.fromN("1735689600123"));
    m.put("active", AttributeValue.fromBool(true));
    m.put("deletedAt", AttributeValue.fromNul(true));
    m.put("c", AttributeValue.fromS("to be removed"));
    byte[] blob = new byte[128];
    for (int i = 0; i < blob.length; i++) {
      blob[i] = (byte) (i * 31);
    }
    m.put("thumbnail", AttributeValue.fromB(SdkBytes.fromByteArray(blob)));
    m.put("tags", AttributeValue.fromSs(List.of("priority", "gift", "express", "fragile")));
    m.put("scores", AttributeValue.fromNs(List.of("1", "2.5", "-3", "100")));
    m.put("b", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromN("1"))));
    List<AttributeValue> items = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      Map<String, AttributeValue> line = new LinkedHashMap<>();
      line.put("sku", AttributeValue.fromS("SKU-" + (10000 + i)));
      line.put("name", AttributeValue.fromS("Widget model " + i + " deluxe"));
      line.put("qty", AttributeValue.fromN(Integer.toString(i + 1)));
      line.put("price", AttributeValue.fromN("19.9" + (i + 1)));
      items.add(AttributeValue.fromM(line));
    }
    m.put("items", AttributeValue.fromL(items));
    Map<String, AttributeValue> address = new LinkedHashMap<>();
    address.put("street", AttributeValue.fromS("1 Example Street"));
    address.put("city", AttributeValue.fromS("Springfield"));
    address.put("zip", AttributeValue.fromS("12345"));
    address.put("country", AttributeValue.fromS("US"));
    m.put("address", AttributeValue.fromM(address));
    m.put("notes", AttributeValue.fromS("x".repeat(200)));
    return m;
  }

  public static CreateTableRequest createTable() {
    return CreateTableRequest.builder()
        .tableName(TABLE)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build())
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .build();
  }
}
