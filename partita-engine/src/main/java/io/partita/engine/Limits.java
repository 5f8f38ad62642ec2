package io.partita.engine;

/**
 * Limits that DynamoDB fixes and a test may want smaller, to reach them without writing gigabytes.
 *
 * @param itemCollectionSizeBytes the most an item collection (the items of one partition key plus
 *     their local index entries) may hold in a table with local secondary indexes; DynamoDB's is 10 GB
 * @param batchGetResponseBytes the most item data one BatchGetItem answer holds before the rest of
 *     its keys go back as UnprocessedKeys; DynamoDB's is 16 MB, counted here as 16,000,000 bytes of
 *     item size, the reading under which DynamoDB's own example holds (100 items of 300 KB: 52 are
 *     returned; 16 MiB would return 54)
 */
public record Limits(long itemCollectionSizeBytes, long batchGetResponseBytes) {
  /** DynamoDB's 16 MB BatchGetItem response limit, see {@link #batchGetResponseBytes}. */
  public static final long DYNAMODB_BATCH_GET_RESPONSE_BYTES = 16_000_000L;

  /** Amazon DynamoDB's values. */
  public static final Limits DYNAMODB = new Limits(10L * 1024 * 1024 * 1024, DYNAMODB_BATCH_GET_RESPONSE_BYTES);

  public Limits {
    if (itemCollectionSizeBytes < 1) {
      throw new IllegalArgumentException("itemCollectionSizeBytes must be positive, not " + itemCollectionSizeBytes);
    }
    if (batchGetResponseBytes < 1) {
      throw new IllegalArgumentException("batchGetResponseBytes must be positive, not " + batchGetResponseBytes);
    }
  }

  /** DynamoDB's limits but for the item collection size. */
  public Limits(long itemCollectionSizeBytes) {
    this(itemCollectionSizeBytes, DYNAMODB_BATCH_GET_RESPONSE_BYTES);
  }

  /** These limits with another BatchGetItem response limit. */
  public Limits withBatchGetResponseBytes(long bytes) {
    return new Limits(itemCollectionSizeBytes, bytes);
  }
}
