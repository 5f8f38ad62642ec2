package io.partita.engine.internal.ops.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

class IndexBuildsTest {
  /** An empty GlobalSecondaryIndexUpdate was a NullPointerException, a 500 over HTTP (found by WireFuzzTest). */
  @Test
  void anIndexUpdateWithNoActionIsRefused() {
    try (Partita partita = Partita.inMemory()) {
      partita.execute(CreateTableRequest.builder().tableName("num")
          .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.N))
          .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
          .billingMode(BillingMode.PAY_PER_REQUEST).build());
      PartitaException e = assertThrows(PartitaException.class, () -> partita.execute(UpdateTableRequest.builder()
          .tableName("num").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().build()).build()));
      assertEquals(ErrorCode.ValidationException, e.code());
      assertEquals("One or more parameter values were invalid: "
          + "a GlobalSecondaryIndexUpdate must have one of Create, Update or Delete", e.getMessage());
    }
  }
}
