package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.model.Model;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A fixture that is not what the model reads fails, naming the file and the item; nothing is skipped. */
@ModelTest
class FixtureErrorsTest {
  @TestModel
  static final Model MODEL = Shop.MODEL;

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "unknown-field.json  | fixture /fixtures/unknown-field.json, Order item 1: \"totl\" is not a field of Order",
      "unknown-entity.json | fixture /fixtures/unknown-entity.json, Ordr item 1: the model has no entity named \"Ordr\"",
      "wrong-type.json     | fixture /fixtures/wrong-type.json, Order item 1: ",
      "missing-key.json    | fixture /fixtures/missing-key.json, Order item 1: ",
      "same-key.json       | fixture /fixtures/same-key.json, Order item 2: an item with the same key was loaded before"
          + " (pk=CUSTOMER#c1, sk=ORDER#o1)",
      "key-attribute.json  | fixture /fixtures/key-attribute.json, Order item 1: \"pk\" is a key or type attribute",
      "not-json.json       | fixture /fixtures/not-json.json is not JSON",
      "not-a-list.json     | fixture /fixtures/not-a-list.json: \"Order\" must be a list of items",
      "bad-set.json        | fixture /fixtures/bad-set.json, Customer item 1: \"tags\": {\"SS\": ...} must hold a list"
          + " of strings",
      "nowhere.json        | fixture /fixtures/nowhere.json is not on the class path",
  })
  void failsNamingFileAndItem(String file, String message, DynamoDbClient dynamo) {
    FixtureException e = assertThrows(FixtureException.class,
        () -> Fixtures.load(getClass(), "/fixtures/" + file, MODEL, dynamo));
    assertTrue(e.getMessage().startsWith(message), e.getMessage());
  }

  @Test
  void aWrongTypeSaysWhichField(DynamoDbClient dynamo) {
    FixtureException e = assertThrows(FixtureException.class,
        () -> Fixtures.load(getClass(), "/fixtures/wrong-type.json", MODEL, dynamo));
    // the model's own message, after the file and the item ("item ?": the model names an item by its key, which
    // this one could not be given)
    assertEquals("fixture /fixtures/wrong-type.json, Order item 1: Entity Order, field total: cannot decode item ?:"
        + " expected N but the item holds S", e.getMessage());
  }

  @Test
  void aMissingKeyFieldSaysWhichField(DynamoDbClient dynamo) {
    FixtureException e = assertThrows(FixtureException.class,
        () -> Fixtures.load(getClass(), "/fixtures/missing-key.json", MODEL, dynamo));
    assertEquals("fixture /fixtures/missing-key.json, Order item 1: Entity Order, field orderId: cannot decode"
        + " item ?: is required but the item has no attribute orderId", e.getMessage());
    assertEquals(0, dynamo.scan(b -> b.tableName("Shop")).count(), "nothing of the bad item was written");
  }
}
