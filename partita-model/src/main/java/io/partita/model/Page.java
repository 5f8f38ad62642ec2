package io.partita.model;

import java.util.List;
import java.util.Optional;

/**
 * One page of a query: the decoded items, in key order; how many items of entities the query does not return
 * were read and skipped; and the cursor for the next page, empty at the end of the results.
 */
public record Page<R>(List<R> items, int skipped, Optional<String> cursor) {
  public Page {
    items = List.copyOf(items);
  }

  public boolean hasMore() {
    return cursor.isPresent();
  }
}
