package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** model.decode: items read outside the model (here a raw Scan) decoded into their entities. */
class DecodeTest {

  sealed interface Item permits Author, Book {}

  record Author(String id, String name) implements Item {}

  record Book(String authorId, String isbn, String title, int pages) implements Item {}

  @ParameterizedTest
  @EnumSource(Backend.class)
  void rawItemsDecodeIntoTheirEntities(Backend backend) {
    String table = Backend.freshTable("Library");
    Entity<Author> author = Entity.of(Author.class).key("AUTHOR#{id}", "PROFILE");
    Entity<Book> book = Entity.of(Book.class).key("AUTHOR#{authorId}", "BOOK#{isbn}");
    Model model = Model.builder(TableSchema.named(table)).entities(author, book).build();
    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    db.entity(author).create(new Author("a1", "Le Guin"));
    db.entity(book).create(new Book("a1", "978-0", "The Dispossessed", 387));
    backend.client().putItem(b -> b.tableName(table).item(Map.of("pk", AttributeValue.fromS("OTHER#1"),
        "sk", AttributeValue.fromS("X"), "_type", AttributeValue.fromS("Stranger"))));

    List<Map<String, AttributeValue>> raw = backend.client().scan(b -> b.tableName(table)).items();
    assertEquals(3, raw.size());
    Set<Object> decoded = new HashSet<>();
    List<Item> items = new ArrayList<>();
    for (Map<String, AttributeValue> item : raw) {
      if (model.isForeign(item)) {
        // the Stranger: refused by decode, which never answers as if an item were not there
        UnrecognizedItemException e = assertThrows(UnrecognizedItemException.class, () -> model.decode(item));
        assertEquals(table, e.table());
        assertTrue(e.getMessage().contains("its type attribute _type is 'Stranger', which names no entity of the"
            + " model (Author, Book)"), e.getMessage());
        continue;
      }
      model.decode(item).ifPresent(decoded::add);
      model.decode(item, Item.class).ifPresent(items::add);
    }
    assertEquals(Set.of(new Author("a1", "Le Guin"), new Book("a1", "978-0", "The Dispossessed", 387)), decoded);
    assertEquals(2, items.size());
    Map<String, AttributeValue> bookItem = raw.stream().filter(i -> i.get("_type").s().equals("Book")).findFirst()
        .orElseThrow();
    assertEquals(Optional.empty(), model.decode(bookItem, Author.class), "a Book is not an Author");

    Map<String, AttributeValue> broken = new HashMap<>(bookItem);
    broken.put("pages", AttributeValue.fromS("many"));
    ModelException e = assertThrows(ModelException.class, () -> model.decode(broken));
    assertEquals("Book", e.entity());
    assertEquals("pages", e.field());
    assertTrue(e.getMessage().contains("cannot decode item AUTHOR#a1 / BOOK#978-0"), e.getMessage());
  }
}
