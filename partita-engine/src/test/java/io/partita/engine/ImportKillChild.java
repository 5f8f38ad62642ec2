package io.partita.engine;

import java.nio.file.Path;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.InputFormat;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The child process of {@link ImportKillTest}: imports bucket {@code in} into table {@code Imported},
 * printing {@code BATCH n} after each batch of 25 items the import has written (the engine's progress
 * hook, on the import's thread). Given a batch number to stop at, it waits there for ever once it has
 * said so ({@code STOPPED n}), so the parent kills it in the middle of the import however fast or
 * slow the machine; given {@code 0}, it runs to the end and prints {@code DONE}.
 */
public final class ImportKillChild {
  public static void main(String[] args) throws InterruptedException {
    int stopAt = Integer.parseInt(args[2]);
    int[] batches = {0};
    Partita db = Partita.with().s3Root(Path.of(args[1])).transferProgress((what, done, total) -> {
      batches[0]++;
      System.out.println("BATCH " + batches[0]);
      System.out.flush();
      if (batches[0] == stopAt) {
        System.out.println("STOPPED " + stopAt);
        System.out.flush();
        try {
          Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }).open(Path.of(args[0]));
    db.execute(ImportTableRequest.builder()
        .s3BucketSource(b -> b.s3Bucket("in"))
        .inputFormat(InputFormat.DYNAMODB_JSON)
        .tableCreationParameters(t -> t.tableName("Imported")
            .attributeDefinitions(
                AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                AttributeDefinition.builder().attributeName("g").attributeType(ScalarAttributeType.S).build())
            .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
            .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
                .keySchema(KeySchemaElement.builder().attributeName("g").keyType(KeyType.HASH).build())
                .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build())
            .billingMode(BillingMode.PAY_PER_REQUEST))
        .build());
    System.out.println("DONE");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE); // killed as a server would be, never closed
  }
}
