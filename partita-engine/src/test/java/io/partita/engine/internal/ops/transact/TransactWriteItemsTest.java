package io.partita.engine.internal.ops.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

class TransactWriteItemsTest {
  /**
   * A Put whose item holds an invalid number: its size was taken before its values were checked, a
   * NumberFormatException answered 500 over HTTP (found by WireFuzzTest).
   */
  @Test
  void aPutOfAnInvalidNumberIsRefusedForTheNumber() {
    try (Partita partita = Partita.inMemory()) {
      partita.execute(CreateTableRequest.builder().tableName("num")
          .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.N))
          .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
          .billingMode(BillingMode.PAY_PER_REQUEST).build());
      for (String number : new String[] {"BETWEEN8", "1e-2147483649"}) {
        TransactWriteItem put = TransactWriteItem.builder().put(p -> p.tableName("num")
            .item(Map.of("id", AttributeValue.fromN("1"), "n", AttributeValue.fromN(number)))).build();
        PartitaException e = assertThrows(PartitaException.class,
            () -> partita.execute(TransactWriteItemsRequest.builder().transactItems(put).build()));
        assertEquals(ErrorCode.ValidationException, e.code());
        assertEquals("The parameter cannot be converted to a numeric value: " + number, e.getMessage());
      }
    }
  }
}
