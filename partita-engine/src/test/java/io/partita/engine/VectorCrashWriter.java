package io.partita.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * The child process of {@link VectorCrashTest}: writes vectors forever over 90 keys (puts, updates
 * that move or remove the vector, deletes) and prints {@code ACK n} after each acknowledged write.
 */
public final class VectorCrashWriter {
  static final List<AttributeValue> QUERY = List.of(AttributeValue.fromN("1"), AttributeValue.fromN("-2"),
      AttributeValue.fromN("3"), AttributeValue.fromN("1"));

  public static void main(String[] args) {
    Partita db = Partita.open(Path.of(args[0]));
    db.execute(CreateTableRequest.builder().tableName("vectors").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"))
        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
        .vectorIndexes(v -> v.indexName("byDot").vectorAttribute(a -> a.attributeName("emb")).dimensions(4L)
            .distanceFunction(VectorDistanceFunction.DOT_PRODUCT).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
        .build());
    for (long i = 0; ; i++) {
      AttributeValue key = AttributeValue.fromS(String.format("k%02d", i % 90));
      switch ((int) (i % 10)) {
        case 7 -> db.execute(DeleteItemRequest.builder().tableName("vectors").key(Map.of("pk", key)).build());
        case 8 -> db.execute(UpdateItemRequest.builder().tableName("vectors").key(Map.of("pk", key))
            .updateExpression("REMOVE emb").build());
        case 9 -> db.execute(UpdateItemRequest.builder().tableName("vectors").key(Map.of("pk", key))
            .updateExpression("SET emb = :v").expressionAttributeValues(Map.of(":v", vector(i * 31))).build());
        default -> db.execute(PutItemRequest.builder().tableName("vectors")
            .item(Map.of("pk", key, "emb", vector(i), "n", AttributeValue.fromN(Long.toString(i)))).build());
      }
      System.out.println("ACK " + i);
      System.out.flush();
    }
  }

  private static AttributeValue vector(long seed) {
    return AttributeValue.fromL(List.of(AttributeValue.fromN(Long.toString(seed % 13 - 6)),
        AttributeValue.fromN(Long.toString(seed % 7 - 3)), AttributeValue.fromN(Long.toString(seed % 11 - 5)),
        AttributeValue.fromN(Long.toString(seed % 5 - 2))));
  }
}
