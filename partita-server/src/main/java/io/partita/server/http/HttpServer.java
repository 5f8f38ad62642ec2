package io.partita.server.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.ChannelGroupFuture;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The Netty side of the server: an event loop that accepts and parses HTTP/1.1 with keep-alive,
 * bounds body sizes, and hands whole requests to {@link DynamoDbHttpHandler} (the connection, which
 * asks the {@link Router} for each answer; the API's endpoint inflates compressed bodies after
 * checking their signature). Engine calls run on a fixed pool of worker threads, never one per
 * connection.
 */
public final class HttpServer implements AutoCloseable {
  private static final int IDLE_SECONDS = 300;
  private final ServerState state;
  private final EventLoopGroup boss;
  private final EventLoopGroup loop;
  private final ExecutorService workers;
  private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final Channel listener;

  private HttpServer(ServerState state, String host, int port, int maxRequestBytes, int workerThreads,
      Duration requestTimeout) throws InterruptedException {
    this.state = state;
    this.boss = new NioEventLoopGroup(1, new DefaultThreadFactory("partita-accept", true));
    this.loop = new NioEventLoopGroup(0, new DefaultThreadFactory("partita-io", true));
    this.workers = Executors.newFixedThreadPool(workerThreads, new DefaultThreadFactory("partita-worker", true));
    ServerBootstrap bootstrap = new ServerBootstrap()
        .group(boss, loop)
        .channel(NioServerSocketChannel.class)
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            connections.add(ch);
            RequestDeadline deadline = new RequestDeadline(requestTimeout);
            ch.pipeline()
                // a connection silent for five minutes between requests is closed
                .addLast("idle", new IdleStateHandler(0, 0, IDLE_SECONDS) {
                  @Override
                  protected void channelIdle(io.netty.channel.ChannelHandlerContext ctx,
                      io.netty.handler.timeout.IdleStateEvent evt) {
                    ctx.close();
                  }
                })
                // and one whose request does not arrive whole in time, however steadily it trickles
                .addLast("deadline", deadline)
                .addLast("http", new HttpServerCodec())
                .addLast("deadline-end", deadline.end())
                .addLast("aggregate", new BodyLimit(maxRequestBytes))
                .addLast("dynamodb", new DynamoDbHttpHandler(state, workers, deadline));
          }
        });
    try {
      this.listener = bootstrap.bind(host, port).sync().channel();
    } catch (InterruptedException | RuntimeException e) {
      shutdownThreads();
      throw e;
    }
  }

  /** Binds {@code host:port} and starts serving. */
  public static HttpServer start(ServerState state, String host, int port, int maxRequestBytes, int workerThreads,
      Duration requestTimeout) throws InterruptedException {
    return new HttpServer(state, host, port, maxRequestBytes, workerThreads, requestTimeout);
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) listener.localAddress();
  }

  /**
   * Stops accepting connections, lets requests in flight finish (up to 30 seconds; a request that
   * arrives meanwhile is answered 500 "The server is shutting down"), then lets every connection
   * close itself once it owes no answer, and stops the threads.
   *
   * <p>Connections are not all closed at once when the drain ends: that cut short a request whose
   * client had just sent it on a keep-alive connection, or had sent half of it, and closing a socket
   * with unread bytes makes the kernel answer with a reset, so the client saw "connection reset"
   * where it should have had an answer. Each connection closes when it is idle instead ({@link
   * DynamoDbHttpHandler#CLOSE_WHEN_IDLE}); those still open after the wait are closed.
   */
  @Override
  public void close() throws InterruptedException {
    listener.close().sync();
    if (state.drain(30, TimeUnit.SECONDS)) {
      ChannelGroupFuture closed = connections.newCloseFuture();
      connections.forEach(c -> c.pipeline().fireUserEventTriggered(DynamoDbHttpHandler.CLOSE_WHEN_IDLE));
      // a request half received has this long to arrive; a lingering close ends within its maximum
      closed.await(DynamoDbHttpHandler.IDLE_GRACE_MILLIS + LingeringClose.MAX_MILLIS, TimeUnit.MILLISECONDS);
    }
    connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    shutdownThreads();
  }

  private void shutdownThreads() throws InterruptedException {
    workers.shutdown();
    workers.awaitTermination(10, TimeUnit.SECONDS);
    boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    loop.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
  }
}
