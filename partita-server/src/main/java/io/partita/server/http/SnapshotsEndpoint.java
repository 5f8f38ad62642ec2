package io.partita.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.partita.engine.Partita;
import java.util.List;

/**
 * The database saved and restored by name, and reset (docs/SERVER.md, "Snapshots and reset"), on an
 * isolating server the request's namespace's ({@link ServerState#tenant}):
 * {@code GET /partita/snapshots} lists the names; {@code POST /partita/snapshots/NAME} saves,
 * {@code POST /partita/snapshots/NAME/restore} restores, {@code DELETE /partita/snapshots/NAME}
 * forgets one; {@code POST /partita/reset} empties the database and loads the server's seed files
 * again. A change is who may change how the server serves ({@link Gate#changeRefusal}), as the
 * admin API's switches; the names are the engine's ({@code Partita#snapshot}: letters, digits,
 * {@code _ - .}, not starting with a dot), never a path: a snapshot is held in memory or is a file
 * of the data folder's {@code snapshots/} directory named by the engine, nothing else is read or
 * written on a client's word.
 */
final class SnapshotsEndpoint {
  static final String PATH = AdminEndpoint.PREFIX + "snapshots";
  static final String RESET = AdminEndpoint.PREFIX + "reset";

  private final ServerState state;

  SnapshotsEndpoint(ServerState state) {
    this.state = state;
  }

  static boolean owns(HttpMethod method, String path) {
    return (path.equals(PATH) && (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)))
        || (path.startsWith(PATH + "/") && (method.equals(HttpMethod.POST) || method.equals(HttpMethod.DELETE)))
        || (path.equals(RESET) && method.equals(HttpMethod.POST));
  }

  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request, String path) {
    if (path.equals(PATH)) {
      return list(ctx, request);
    }
    // a change is logged and counted as a request is, refused or not (ServerState#observedAction)
    long start = System.nanoTime();
    String operation = path.equals(RESET) ? "PartitaReset" : request.method().equals(HttpMethod.DELETE)
        ? "PartitaDeleteSnapshot" : path.endsWith("/restore") ? "PartitaRestoreSnapshot" : "PartitaSaveSnapshot";
    // a caller who may change nothing opens no namespace either
    String refused = state.gate().changeRefusal(ctx.channel().remoteAddress(), request.headers());
    if (refused != null) {
      return state.observedAction(operation, null, start, Responses.forbidden(refused, ctx.alloc(), false));
    }
    Tenant tenant = state.tenant(request, false);
    return state.observedAction(operation, tenant.label(), start, change(ctx, request, path, tenant.partita(), start));
  }

  private FullHttpResponse list(ChannelHandlerContext ctx, FullHttpRequest request) {
    boolean head = request.method().equals(HttpMethod.HEAD);
    Partita partita = state.tenant(request, false).partita();
    if (partita == null) {
      return noSnapshots(ctx, head);
    }
    List<String> names = partita.snapshots();
    return Responses.jsonText(g -> {
      g.writeStartObject();
      g.writeArrayFieldStart("Snapshots");
      for (String n : names) {
        g.writeString(n);
      }
      g.writeEndArray();
      g.writeEndObject();
    }, ctx.alloc(), head);
  }

  /** The answer of a server that opened no database to keep snapshots in. */
  private static FullHttpResponse noSnapshots(ChannelHandlerContext ctx, boolean head) {
    return Responses.plainText(HttpResponseStatus.NOT_FOUND, "this server keeps no snapshots", ctx.alloc(), head);
  }

  /** Does the change {@code path} names; its answer says how long it took since {@code startNanos}. */
  private FullHttpResponse change(ChannelHandlerContext ctx, FullHttpRequest request, String path, Partita partita,
      long startNanos) {
    if (partita == null) {
      return noSnapshots(ctx, false);
    }
    try {
      String done;
      if (path.equals(RESET)) {
        partita.reset();
        try {
          state.reseed().accept(partita);
        } catch (RuntimeException e) {
          // the seed loaded again after a reset failed (a file changed since the start): the database is empty
          return Responses.plainText(HttpResponseStatus.INTERNAL_SERVER_ERROR, "reset, but loading the seed again"
              + " failed: " + e.getMessage(), ctx.alloc(), false);
        }
        done = "reset";
      } else {
        String rest = path.substring(PATH.length() + 1);
        boolean restore = rest.endsWith("/restore");
        String name = restore ? rest.substring(0, rest.length() - "/restore".length()) : rest;
        if (request.method().equals(HttpMethod.DELETE)) {
          if (!partita.deleteSnapshot(name)) {
            return Responses.plainText(HttpResponseStatus.NOT_FOUND, "no snapshot named '" + name + "'", ctx.alloc(),
                false);
          }
          done = "deleted snapshot " + name;
        } else if (restore) {
          partita.restore(name);
          done = "restored snapshot " + name;
        } else {
          partita.snapshot(name);
          done = "saved snapshot " + name;
        }
      }
      return Responses.plainText(HttpResponseStatus.OK, done + " in " + (System.nanoTime() - startNanos) / 1_000_000
          + " ms", ctx.alloc(), false);
    } catch (IllegalArgumentException e) {
      return Responses.plainText(e instanceof io.partita.engine.NoSuchSnapshotException ? HttpResponseStatus.NOT_FOUND
          : HttpResponseStatus.BAD_REQUEST, e.getMessage(), ctx.alloc(), false);
    } catch (IllegalStateException | java.io.UncheckedIOException e) {
      // a snapshot file that is damaged or cannot be written: nothing was changed
      return Responses.plainText(HttpResponseStatus.INTERNAL_SERVER_ERROR, e.getMessage(), ctx.alloc(), false);
    }
  }
}
