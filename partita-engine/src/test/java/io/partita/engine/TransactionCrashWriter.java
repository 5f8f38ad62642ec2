package io.partita.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The child process of {@link TransactionCrashTest}: opens a durable database, seeds {@value
 * #ACCOUNTS} accounts of {@value #BALANCE} each, then transfers money between them in
 * TransactWriteItems forever, printing {@code ACK n} after each transfer the engine acknowledged
 * (and {@code SKIP n} after one cancelled for want of money).
 *
 * <p>Transfer {@code n} debits one account (on condition that its balance suffices), credits
 * another, and puts the record {@code xfer#n} naming both and the amount, with the keys of the
 * global index {@code ByDay}. Each account adds {@code n} to its set {@code applied} and counts it
 * in {@code count}, so after a crash every transfer can be checked to be there whole or not at all.
 */
public final class TransactionCrashWriter {
  static final String TABLE = "bank";
  static final String INDEX = "ByDay";
  static final int ACCOUNTS = 100;
  static final long BALANCE = 1000;

  public static void main(String[] args) {
    Partita db = Partita.open(Path.of(args[0]));
    db.execute(CreateTableRequest.builder().tableName(TABLE)
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .attributeDefinitions(
            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("day").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("seq").attributeType(ScalarAttributeType.N).build())
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(INDEX)
            .keySchema(KeySchemaElement.builder().attributeName("day").keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName("seq").keyType(KeyType.RANGE).build())
            .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build())
        .billingMode(BillingMode.PAY_PER_REQUEST).build());
    for (int a = 0; a < ACCOUNTS; a++) {
      db.execute(PutItemRequest.builder().tableName(TABLE).item(Map.of(
          "pk", s(account(a)), "balance", n(BALANCE), "count", n(0))).build());
    }
    System.out.println("SEEDED");
    System.out.flush();
    Random random = new Random(42);
    for (long n = 0; ; n++) {
      long i = n;
      int from = random.nextInt(ACCOUNTS);
      int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
      long amount = 1 + random.nextInt(800);
      String id = Long.toString(i);
      try {
        db.execute(TransactWriteItemsRequest.builder().transactItems(
            TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(Map.of("pk", s(account(from))))
                .updateExpression("SET balance = balance - :amount ADD applied :id, #count :one")
                .conditionExpression("balance >= :amount")
                .expressionAttributeNames(Map.of("#count", "count"))
                .expressionAttributeValues(Map.of(":amount", n(amount), ":id", AttributeValue.fromSs(List.of(id)),
                    ":one", n(1)))).build(),
            TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(Map.of("pk", s(account(to))))
                .updateExpression("SET balance = balance + :amount ADD applied :id, #count :one")
                .expressionAttributeNames(Map.of("#count", "count"))
                .expressionAttributeValues(Map.of(":amount", n(amount), ":id", AttributeValue.fromSs(List.of(id)),
                    ":one", n(1)))).build(),
            TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(Map.of(
                    "pk", s(transfer(i)), "from", s(account(from)), "to", s(account(to)), "amount", n(amount),
                    "day", s(day(i)), "seq", n(i)))
                .conditionExpression("attribute_not_exists(pk)")).build()).build());
        System.out.println("ACK " + i);
      } catch (PartitaException e) {
        if (e.code() != ErrorCode.TransactionCanceledException) {
          throw e;
        }
        System.out.println("SKIP " + i);
      }
      System.out.flush();
    }
  }

  static String account(int a) {
    return String.format("acct#%03d", a);
  }

  static String transfer(long i) {
    return "xfer#" + i;
  }

  static String day(long i) {
    return "day#" + (i % 7);
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }
}
