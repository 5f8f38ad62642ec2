package io.partita.engine;

/**
 * Limits that DynamoDB fixes and a test may want smaller, to reach them without writing gigabytes.
 *
 * @param itemCollectionSizeBytes the most an item collection (the items of one partition key plus
 *     their local index entries) may hold in a table with local secondary indexes; DynamoDB's is 10 GB
 */
public record Limits(long itemCollectionSizeBytes) {
  /** Amazon DynamoDB's values. */
  public static final Limits DYNAMODB = new Limits(10L * 1024 * 1024 * 1024);

  public Limits {
    if (itemCollectionSizeBytes < 1) {
      throw new IllegalArgumentException("itemCollectionSizeBytes must be positive, not " + itemCollectionSizeBytes);
    }
  }
}
