package io.partita.server.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection whose client may still be sending a request body that will never be read (a
 * body over the limit, a request that could not be parsed). Closing such a socket at once makes the
 * kernel answer the unread bytes with a reset, and a reset can reach the client before it has read
 * the refusal already sent, so the client sees "connection reset" instead of the 413. As web
 * servers do ("lingering close"), the answer is written, the sending side is shut (the client sees
 * the end of the answer), and what still arrives is read and thrown away until the client closes,
 * it falls silent for {@link #QUIET_MILLIS}, or {@link #MAX_MILLIS} have passed.
 */
final class LingeringClose extends ChannelInboundHandlerAdapter {
  static final long QUIET_MILLIS = 2_000;
  static final long MAX_MILLIS = 10_000;

  private final long deadline;
  private ScheduledFuture<?> quiet;

  private LingeringClose(long deadline) {
    this.deadline = deadline;
  }

  /** Once {@code written} completes, shuts the output and lingers; closes at once if it failed. */
  static void after(ChannelFuture written, String beforeHandler) {
    written.addListener(f -> {
      Channel channel = written.channel();
      if (!f.isSuccess() || !(channel instanceof DuplexChannel duplex) || !channel.isActive()) {
        channel.close();
        return;
      }
      LingeringClose linger = new LingeringClose(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_MILLIS));
      // before the HTTP codec: the bytes still arriving are no longer parsed, only discarded
      channel.pipeline().addBefore(beforeHandler, "linger", linger);
      duplex.shutdownOutput().addListener(s -> {
        if (!s.isSuccess()) {
          channel.close();
        }
      });
      channel.config().setAutoRead(true);
      channel.read();
    });
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    rearm(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ReferenceCountUtil.release(msg);
    rearm(ctx);
  }

  private void rearm(ChannelHandlerContext ctx) {
    if (quiet != null) {
      quiet.cancel(false);
    }
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    quiet = ctx.executor().schedule(() -> {
      ctx.close();
    }, Math.max(0, Math.min(QUIET_MILLIS, left)), TimeUnit.MILLISECONDS);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (quiet != null) {
      quiet.cancel(false);
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // a reset from the client while lingering: the connection is over either way
    ctx.close();
  }
}
