package io.partita.server.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole-request deadline on Netty's embedded channel, whose clock the test moves: nothing
 * sleeps, and "later" is exactly as late as the test says.
 */
class RequestDeadlineTest {
  private static final Duration DEADLINE = Duration.ofSeconds(60);
  private static final String WHOLE = "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}";

  private EmbeddedChannel channel;
  /** The deadline's clock, moved with the channel's timer. */
  private long now;

  @BeforeEach
  void connect() {
    RequestDeadline deadline = new RequestDeadline(DEADLINE, () -> now);
    channel = new EmbeddedChannel();
    channel.freezeTime();
    channel.pipeline().addLast(deadline, new HttpServerCodec(), deadline.end());
  }

  @AfterEach
  void release() {
    channel.finishAndReleaseAll();
  }

  private void send(String text) {
    channel.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII));
  }

  private void after(Duration elapsed) {
    now += elapsed.toNanos();
    channel.advanceTimeBy(elapsed.toNanos(), TimeUnit.NANOSECONDS);
    channel.runScheduledPendingTasks();
  }

  /** Issue 13: a byte now and then kept the connection open for ever; the deadline does not move. */
  @Test
  void aTricklingRequestIsClosedAtTheDeadlineCountedFromItsFirstByte() {
    send("POST / HTTP/1.1\r\n");
    for (int i = 0; i < 59; i++) {
      after(Duration.ofSeconds(1));
      send("X-Trickle-" + i + ": 1\r\n");
    }
    assertTrue(channel.isOpen(), "59 seconds after the first byte");
    after(Duration.ofSeconds(1));
    assertFalse(channel.isOpen(), "60 seconds after the first byte, whatever came since");
  }

  @Test
  void aSlowBodyCountsToo() {
    send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n{");
    after(DEADLINE.minusSeconds(1));
    send("\"a\":1");
    after(Duration.ofSeconds(1));
    assertFalse(channel.isOpen());
  }

  @Test
  void aRequestThatArrivedWholeIsNoLongerTimed() {
    send(WHOLE);
    after(DEADLINE.multipliedBy(3));
    assertTrue(channel.isOpen());
  }

  @Test
  void eachRequestOfAKeepAliveConnectionHasItsOwnDeadline() {
    send(WHOLE);
    after(DEADLINE.minusSeconds(1));
    send("POST / HTTP/1.1\r\n");
    after(DEADLINE.minusSeconds(1));
    assertTrue(channel.isOpen(), "the second request began 59 seconds ago");
    after(Duration.ofSeconds(1));
    assertFalse(channel.isOpen());
  }

  /** The deadline's check lapses while the connection is idle; the next request still gets one. */
  @Test
  void aRequestAfterAnIdlePauseIsTimedToo() {
    send(WHOLE);
    after(DEADLINE.multipliedBy(2));
    send("POST / HTTP/1.1\r\n");
    after(DEADLINE.minusSeconds(1));
    assertTrue(channel.isOpen(), "the request began 59 seconds ago");
    after(Duration.ofSeconds(1));
    assertFalse(channel.isOpen());
  }

  /** Silence with no request begun is the idle timer's business (HttpServer's five minutes). */
  @Test
  void noByteNoDeadline() {
    after(DEADLINE.multipliedBy(3));
    assertTrue(channel.isOpen());
  }
}
