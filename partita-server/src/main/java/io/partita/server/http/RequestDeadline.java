package io.partita.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * Closes a connection whose request has not arrived whole within a deadline counted from its first
 * byte. The idle timer cannot do this: it restarts on every byte, so a client trickling a byte
 * every few seconds is never idle and holds its connection, and a half-read request, for ever.
 *
 * <p>The deadline needs two places in the pipeline, hence two handlers sharing one timer: this one,
 * before the HTTP decoder, sees the bytes and starts the timer at the first byte read while no
 * request is partly received; {@link #end()}, after the decoder, sees the request's last content and
 * stops it. A keep-alive connection's next request starts a new deadline with its first byte read.
 * A request being served is not timed: its last content has arrived.
 *
 * <p>One instance per connection; its methods run on the connection's event loop.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {
  private static final Logger LOG = Logger.getLogger(RequestDeadline.class.getName());

  private static final long IDLE = Long.MIN_VALUE;
  private final long nanos;
  private final LongSupplier clock;
  /** When the request now arriving began, by {@link #clock}; {@link #IDLE} between requests. */
  private long began = IDLE;
  /**
   * The pending check, kept across requests rather than scheduled and cancelled for each: under
   * load that was a timer task made, queued and dequeued per request on the event loop. A check
   * that finds the request under way reschedules itself for the rest of its time; one that finds
   * no request under way lapses, and the next request's first byte schedules the next.
   */
  private ScheduledFuture<?> check;

  RequestDeadline(Duration deadline) {
    this(deadline, System::nanoTime);
  }

  /** With {@code clock} telling the time in nanoseconds, as the event loop's timer counts it. */
  RequestDeadline(Duration deadline, LongSupplier clock) {
    this.nanos = deadline.toNanos();
    this.clock = clock;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (began == IDLE && msg instanceof ByteBuf bytes && bytes.isReadable()) {
      began = clock.getAsLong();
      if (check == null) {
        check = ctx.executor().schedule(() -> check(ctx), nanos, TimeUnit.NANOSECONDS);
      }
    }
    ctx.fireChannelRead(msg);
  }

  private void check(ChannelHandlerContext ctx) {
    check = null;
    if (began == IDLE) {
      return;
    }
    long left = began + nanos - clock.getAsLong();
    if (left > 0) {
      check = ctx.executor().schedule(() -> check(ctx), left, TimeUnit.NANOSECONDS);
      return;
    }
    LOG.fine(() -> "closing " + ctx.channel() + ": its request did not arrive within " + Duration.ofNanos(nanos));
    // nothing to answer: the request never arrived whole, and its client may not be reading
    ctx.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    began = IDLE;
    if (check != null) {
      check.cancel(false);
      check = null;
    }
    ctx.fireChannelInactive();
  }

  /** Whether a request has begun to arrive and has not arrived whole yet. */
  boolean receiving() {
    return began != IDLE;
  }

  /** The handler to put after the HTTP decoder: it stops the deadline once a request is whole. */
  ChannelHandler end() {
    return new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        // a full request (a decoding failure included) is its own last content
        if (msg instanceof LastHttpContent) {
          began = IDLE;
        }
        ctx.fireChannelRead(msg);
      }
    };
  }
}
