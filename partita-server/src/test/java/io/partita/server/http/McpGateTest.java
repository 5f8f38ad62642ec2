package io.partita.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.partita.engine.Partita;
import io.partita.server.Authenticator;
import io.partita.server.wire.Dispatcher;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Without credentials, {@code /mcp} answers this machine only, as the admin API does: a request from
 * any other address (here an embedded channel's, which is no loopback address) is refused before a
 * tool runs.
 */
class McpGateTest {
  @Test
  void withoutCredentialsAnotherMachineIsRefused() {
    try (Partita partita = Partita.inMemory()) {
      ServerState state = new ServerState(new Dispatcher(partita), Authenticator.ACCEPT_ANY, "us-east-1", false,
          1 << 20, partita::storageStatus).snapshotsOf(partita, () -> { });
      byte[] body = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", \"params\": {\"name\": \"reset\"}}"
          .getBytes(StandardCharsets.UTF_8);
      FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/mcp",
          Unpooled.wrappedBuffer(body));
      request.headers().set(HttpHeaderNames.HOST, "localhost");
      request.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
      EmbeddedChannel channel = new EmbeddedChannel(new DynamoDbHttpHandler(state, Runnable::run,
          new RequestDeadline(java.time.Duration.ofMinutes(1))));
      try {
        channel.writeInbound(request);
        channel.runPendingTasks();
        FullHttpResponse response = channel.readOutbound();
        String text = new String(ByteBufUtil.getBytes(response.content()), StandardCharsets.UTF_8);
        response.release();
        assertEquals(403, response.status().code(), text);
        assertTrue(text.contains("answers requests from this machine only"), text);
      } finally {
        channel.finishAndReleaseAll();
      }
    }
  }
}
