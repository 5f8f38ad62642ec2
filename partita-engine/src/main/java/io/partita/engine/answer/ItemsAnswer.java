package io.partita.engine.answer;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

/**
 * The answer of a read that returns items: its response without the items ({@link #rest()}: Count,
 * LastEvaluatedKey, ConsumedCapacity, UnprocessedKeys, ...) and the items as {@link StoredItem}s,
 * in the one member that holds them — GetItem's {@code Item}, Query's and Scan's {@code Items},
 * BatchGetItem's {@code Responses} by table, TransactGetItems' {@code Responses} in the order of
 * its gets. A member absent from the answer is null here.
 *
 * <p>Not thread-safe, as {@link StoredItem}: the response is built once, when first asked, on the
 * thread that converts the answer.
 */
public final class ItemsAnswer implements Answer {
  private enum Shape { ITEM, ITEMS, BY_TABLE, IN_ORDER }

  private final AwsResponse rest;
  private final Shape shape;
  private final Object items;
  private AwsResponse response;

  private ItemsAnswer(AwsResponse rest, Shape shape, Object items) {
    this.rest = rest;
    this.shape = shape;
    this.items = items;
  }

  /** GetItem's answer; {@code item} null when there is none. */
  public static ItemsAnswer item(GetItemResponse rest, StoredItem item) {
    return new ItemsAnswer(rest, Shape.ITEM, item);
  }

  /** Query's or Scan's page; {@code items} null for Select COUNT. */
  public static ItemsAnswer page(QueryResponse rest, List<StoredItem> items) {
    return new ItemsAnswer(rest, Shape.ITEMS, items);
  }

  /** Scan's page; {@code items} null for Select COUNT. */
  public static ItemsAnswer page(ScanResponse rest, List<StoredItem> items) {
    return new ItemsAnswer(rest, Shape.ITEMS, items);
  }

  /** BatchGetItem's answer: the items found, by table. */
  public static ItemsAnswer byTable(BatchGetItemResponse rest, Map<String, List<StoredItem>> items) {
    return new ItemsAnswer(rest, Shape.BY_TABLE, items);
  }

  /** The response without its items. */
  public AwsResponse rest() {
    return rest;
  }

  /** TransactGetItems' answer: one entry per get, in order, null where the get found no item. */
  public static ItemsAnswer inOrder(TransactGetItemsResponse rest, List<StoredItem> items) {
    return new ItemsAnswer(rest, Shape.IN_ORDER, items);
  }

  /** This answer with {@code rest} in place of its response without items (its capacity rewritten, say). */
  public ItemsAnswer withRest(AwsResponse rest) {
    return rest == this.rest ? this : new ItemsAnswer(rest, shape, items);
  }

  /** The items answered: 0 or 1 for GetItem, the page's for Query and Scan, all tables' for BatchGetItem. */
  public int itemCount() {
    return switch (shape) {
      case ITEM -> items == null ? 0 : 1;
      case ITEMS -> items == null ? 0 : list(items).size();
      case BY_TABLE -> byTable(items).values().stream().mapToInt(List::size).sum();
      case IN_ORDER -> (int) list(items).stream().filter(java.util.Objects::nonNull).count();
    };
  }

  /**
   * The items in their order, still stored: GetItem's one (none when it found nothing), a page's
   * (none for Select COUNT), a transaction's gets' (null where a get found nothing). Not for
   * BatchGetItem, whose items are by table.
   */
  public List<StoredItem> items() {
    return switch (shape) {
      case ITEM -> items == null ? List.of() : List.of((StoredItem) items);
      case ITEMS, IN_ORDER -> items == null ? List.of() : list(items);
      case BY_TABLE -> throw new IllegalStateException("BatchGetItem's items are by table");
    };
  }

  /** The first item answered, decoded; null when there is none. */
  public Map<String, AttributeValue> firstItem() {
    return switch (shape) {
      case ITEM -> items == null ? null : ((StoredItem) items).map();
      case ITEMS -> items == null || list(items).isEmpty() ? null : list(items).get(0).map();
      case BY_TABLE -> byTable(items).values().stream().filter(l -> !l.isEmpty()).findFirst()
          .map(l -> l.get(0).map()).orElse(null);
      case IN_ORDER -> list(items).stream().filter(java.util.Objects::nonNull).findFirst()
          .map(StoredItem::map).orElse(null);
    };
  }

  /** The member of the response that holds the items: {@code Item}, {@code Items} or {@code Responses}. */
  public String member() {
    return switch (shape) {
      case ITEM -> "Item";
      case ITEMS -> "Items";
      case BY_TABLE, IN_ORDER -> "Responses";
    };
  }

  /** Whether the answer has its items' member (not for Select COUNT, nor a GetItem that found nothing). */
  public boolean hasItems() {
    return items != null;
  }

  /** Writes the value of the items' member as DynamoDB JSON, each item from its stored encoding. */
  public void writeItems(JsonGenerator g) throws IOException {
    switch (shape) {
      case ITEM -> ((StoredItem) items).writeJson(g);
      case ITEMS -> {
        g.writeStartArray();
        for (StoredItem item : list(items)) {
          item.writeJson(g);
        }
        g.writeEndArray();
      }
      case BY_TABLE -> {
        g.writeStartObject();
        for (Map.Entry<String, List<StoredItem>> e : byTable(items).entrySet()) {
          g.writeArrayFieldStart(e.getKey());
          for (StoredItem item : e.getValue()) {
            item.writeJson(g);
          }
          g.writeEndArray();
        }
        g.writeEndObject();
      }
      case IN_ORDER -> {
        g.writeStartArray();
        for (StoredItem item : list(items)) {
          g.writeStartObject();
          if (item != null) {
            g.writeFieldName("Item");
            item.writeJson(g);
          }
          g.writeEndObject();
        }
        g.writeEndArray();
      }
    }
  }

  @Override
  public AwsResponse response() {
    if (response == null) {
      response = items == null ? rest : switch (shape) {
        case ITEM -> ((GetItemResponse) rest).toBuilder().item(((StoredItem) items).map()).build();
        case ITEMS -> rest instanceof QueryResponse q ? q.toBuilder().items(maps(list(items))).build()
            : ((ScanResponse) rest).toBuilder().items(maps(list(items))).build();
        case BY_TABLE -> {
          Map<String, List<Map<String, AttributeValue>>> responses = new LinkedHashMap<>();
          byTable(items).forEach((table, found) -> responses.put(table, maps(found)));
          yield ((BatchGetItemResponse) rest).toBuilder().responses(responses).build();
        }
        case IN_ORDER -> {
          List<ItemResponse> responses = new ArrayList<>();
          for (StoredItem item : list(items)) {
            responses.add(item == null ? ItemResponse.builder().build() : ItemResponse.builder().item(item.map()).build());
          }
          yield ((TransactGetItemsResponse) rest).toBuilder().responses(responses).build();
        }
      };
    }
    return response;
  }

  private static List<Map<String, AttributeValue>> maps(List<StoredItem> items) {
    List<Map<String, AttributeValue>> out = new ArrayList<>(items.size());
    for (StoredItem item : items) {
      out.add(item.map());
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<StoredItem> list(Object items) {
    return (List<StoredItem>) items;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, List<StoredItem>> byTable(Object items) {
    return (Map<String, List<StoredItem>>) items;
  }
}
