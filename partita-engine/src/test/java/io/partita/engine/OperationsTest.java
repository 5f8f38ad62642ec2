package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * The table of operations is names and one switch: every name must find its SDK request type, and
 * the switch must hold a case for it, or the operation would be listed as served and fail when called.
 */
class OperationsTest {
  @Test
  void everyServedOperationHasItsRequestTypeAndAHandler() throws Exception {
    Set<String> all = new LinkedHashSet<>(Operations.dynamoDbNames());
    all.addAll(Operations.streamsNames());
    List<String> unhandled = new ArrayList<>();
    for (String name : all) {
      boolean streams = Operations.streamsNames().contains(name);
      Class<? extends AwsRequest> type = Operations.requestType(name, streams);
      assertNotNull(type, name);
      assertEquals(name, Operations.nameOf(type));
      AwsRequest empty = (AwsRequest) ((SdkBuilder<?, ?>) type.getMethod("builder").invoke(null)).build();
      try {
        // no context: a handler fails on its first use of it, or refuses the empty request; only a
        // name without a case answers "no handler"
        Operations.run(name, null, empty);
      } catch (IllegalStateException e) {
        if (String.valueOf(e.getMessage()).startsWith("no handler")) {
          unhandled.add(name);
        }
      } catch (RuntimeException expected) {
        // the handler ran
      }
    }
    assertEquals(List.of(), unhandled);
  }

  @Test
  void theTwoApisKeepTheirOwnNames() {
    assertNotNull(Operations.requestType("GetItem", false));
    assertNull(Operations.requestType("GetItem", true));
    assertNotNull(Operations.requestType("ListStreams", true));
    assertNull(Operations.requestType("ListStreams", false));
    assertNull(Operations.requestType("MadeUp", false));
    assertNull(Operations.requestType(null, false));
    assertFalse(Operations.dynamoDbNames().contains("ListStreams"));
    assertEquals(Set.of("ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"), Operations.streamsNames());
    assertEquals("GetItem", Operations.nameOf(GetItemRequest.class));
    assertEquals("ListStreams", Operations.nameOf(ListStreamsRequest.class));
    assertNull(Operations.nameOf(String.class));
    assertNull(Operations.nameOf(software.amazon.awssdk.services.dynamodb.model.AttributeValue.class));
  }
}
