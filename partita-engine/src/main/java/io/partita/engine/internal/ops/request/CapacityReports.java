package io.partita.engine.internal.ops.request;

import java.util.List;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsResponse;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Running a request for what it consumed, whatever its caller asked: what the throttle pays its
 * buckets with and what the server's metrics count. The request is run asking for its capacity by
 * index (ReturnConsumedCapacity INDEXES, the most detailed answer), and the answer is handed back as
 * the caller asked for it (none, the total, or by index), so the caller sees what it would have seen.
 */
public final class CapacityReports {
  private CapacityReports() {}

  /** What {@code request} asked for (NONE when it names no ReturnConsumedCapacity, or cannot). */
  public static ReturnConsumedCapacity asked(AwsRequest request) {
    return request.getValueForField("ReturnConsumedCapacity", String.class)
        .map(ReturnConsumedCapacity::fromValue).orElse(ReturnConsumedCapacity.NONE);
  }

  /** {@code request} asking for its capacity by index; itself when it already does or cannot. */
  public static <R extends AwsRequest> R byIndex(R request) {
    return asked(request) == ReturnConsumedCapacity.INDEXES || !has(request, "ReturnConsumedCapacity") ? request
        : set(request, "ReturnConsumedCapacity", ReturnConsumedCapacity.INDEXES.toString());
  }

  /** The capacity a response reports: none, one, or one per table (batches, transactions). */
  public static List<ConsumedCapacity> of(AwsResponse response) {
    Object consumed = response.getValueForField("ConsumedCapacity", Object.class).orElse(null);
    return consumed instanceof ConsumedCapacity c ? List.of(c)
        : consumed instanceof List<?> list ? list.stream().map(ConsumedCapacity.class::cast).toList() : List.of();
  }

  /** {@code response} (run {@link #byIndex}) with the capacity its caller {@code asked} for. */
  public static <T extends AwsResponse> T asAsked(T response, ReturnConsumedCapacity asked) {
    Object consumed = response.getValueForField("ConsumedCapacity", Object.class).orElse(null);
    if (asked == ReturnConsumedCapacity.INDEXES || consumed == null) {
      return response;
    }
    if (!(consumed instanceof ConsumedCapacity) && !(consumed instanceof List<?>)) {
      // SearchVectors' VectorCapacity: the same for TOTAL and INDEXES, and for NONE asked not given
      return asked == ReturnConsumedCapacity.TOTAL ? response : set(response, "ConsumedCapacity", null);
    }
    Object answer = asked != ReturnConsumedCapacity.TOTAL ? null
        : consumed instanceof ConsumedCapacity c ? total(c) : of(response).stream().map(CapacityReports::total).toList();
    return set(response, "ConsumedCapacity", answer);
  }

  /** A capacity by index as ReturnConsumedCapacity TOTAL reports it. */
  private static ConsumedCapacity total(ConsumedCapacity c) {
    return ConsumedCapacity.builder().tableName(c.tableName()).capacityUnits(c.capacityUnits())
        .readCapacityUnits(c.readCapacityUnits()).writeCapacityUnits(c.writeCapacityUnits()).build();
  }

  private static boolean has(SdkPojo pojo, String member) {
    for (SdkField<?> f : pojo.sdkFields()) {
      if (f.memberName().equals(member)) {
        return true;
      }
    }
    return false;
  }

  /** {@code pojo} (a request or response) with one member set, through the SDK's own field table. */
  @SuppressWarnings("unchecked")
  private static <T extends SdkPojo> T set(T pojo, String member, Object value) {
    Object builder = ((software.amazon.awssdk.utils.builder.ToCopyableBuilder<?, ?>) pojo).toBuilder();
    for (SdkField<?> f : pojo.sdkFields()) {
      if (f.memberName().equals(member)) {
        f.set(builder, value);
      }
    }
    return (T) ((software.amazon.awssdk.utils.builder.SdkBuilder<?, ?>) builder).build();
  }
}
