package io.partita.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.server.access.Cors;
import io.partita.server.observe.ServerMetrics;
import io.partita.server.wire.FrontEndRefusal;

/**
 * Which endpoint answers a request, by its method and path, after the {@link Gate} has said who may
 * be served (docs/SECURITY.md):
 *
 * <ol>
 *   <li>a request that could not be decoded: DynamoDB's SerializationException (or the refused
 *       body's own error);
 *   <li>a Host or Origin the gate refuses: 403 on every path but the API's, whose refusal is
 *       DynamoDB's AccessDeniedException ({@link ApiEndpoint});
 *   <li>{@code GET /}: {@link HealthEndpoint}; {@code GET /console...}: {@link ConsoleEndpoint};
 *   <li>the side doors, {@code GET /metrics} and {@code /partita/...}: with credentials configured,
 *       403 unless signed (or, for metrics, with the bearer token); then {@link MetricsEndpoint},
 *       {@link HotKeysEndpoint}, {@link SnapshotsEndpoint}, {@link SchemasEndpoint}, {@link AdminEndpoint},
 *       each on the request's database ({@link ServerState#tenant}: a namespace's, when isolating);
 *   <li>{@code /mcp} (and {@code /mcp/read-only}): a side door too, then {@link McpEndpoint}, made at its
 *       first request, whose callers are the admin API's ({@link Gate#changeRefusal}), on the request's
 *       database as the others;
 *   <li>{@code OPTIONS}, with CORS on: the preflight's answer;
 *   <li>any other method but {@code POST}: DynamoDB's UnknownOperationException; {@code POST}:
 *       {@link ApiEndpoint}.
 * </ol>
 *
 * A browser's request (one naming its {@code Origin}) gets CORS headers on whatever answers it.
 */
final class Router {
  private final ServerState state;
  private final HealthEndpoint health;
  private final ConsoleEndpoint console;
  private final MetricsEndpoint metrics = new MetricsEndpoint();
  private final HotKeysEndpoint hotKeys;
  private final SchemasEndpoint schemas;
  private final AdminEndpoint admin;
  private final SnapshotsEndpoint snapshots;
  private final ApiEndpoint api;
  /** Made at the first request to {@code /mcp}: a server never asked loads no class of MCP. */
  private volatile McpEndpoint mcp;

  Router(ServerState state) {
    this.state = state;
    this.health = new HealthEndpoint(state);
    this.console = new ConsoleEndpoint(state);
    this.hotKeys = new HotKeysEndpoint(state);
    this.schemas = new SchemasEndpoint(state);
    this.admin = new AdminEndpoint(state);
    this.snapshots = new SnapshotsEndpoint(state);
    this.api = new ApiEndpoint(state);
  }

  /** The answer to {@code request}, with the CORS headers a browser needs when it names its origin. */
  FullHttpResponse answer(ChannelHandlerContext ctx, FullHttpRequest request) {
    // CORS headers go on an answer only to a request that names its origin, as a browser's does
    Cors cors = state.gate().cors();
    String origin = cors == null ? null : request.headers().get(HttpHeaderNames.ORIGIN);
    FullHttpResponse response = route(ctx, request);
    if (origin != null) {
      Responses.allowOrigin(response, cors, origin);
    }
    return response;
  }

  private McpEndpoint mcp() {
    McpEndpoint m = mcp;
    if (m == null) {
      synchronized (this) {
        m = mcp;
        if (m == null) {
          mcp = m = new McpEndpoint(state);
        }
      }
    }
    return m;
  }

  private FullHttpResponse route(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (request.decoderResult().isFailure()) {
      Throwable cause = request.decoderResult().cause();
      return cause instanceof BodyLimit.Refused refused ? Responses.error(refused.answer, ctx.alloc())
          : Responses.error(new PartitaException(ErrorCode.SerializationException, "The request could not be decoded: "
              + cause.getMessage()), ctx.alloc());
    }
    HttpMethod method = request.method();
    boolean head = method.equals(HttpMethod.HEAD);
    String path = new QueryStringDecoder(request.uri()).rawPath();
    String refused = state.gate().refusal(request.headers());
    boolean toMcp = McpEndpoint.owns(path) && !method.equals(HttpMethod.OPTIONS);
    boolean toApi = method.equals(HttpMethod.POST) && !path.startsWith(AdminEndpoint.PREFIX) && !toMcp;
    if (refused != null && !toApi) {
      return Responses.forbidden(refused, ctx.alloc(), head);
    }
    // the health answer is the root's only, as the service's; a GET elsewhere is refused below as any non-POST
    boolean get = method.equals(HttpMethod.GET) || head;
    if (get && path.equals(HealthEndpoint.PATH)) {
      return health.answer(ctx.alloc(), head);
    }
    if (get && ConsoleAssets.owns(path)) {
      return console.answer(path, ctx.alloc(), head);
    }
    ServerMetrics counted = state.metrics();
    boolean metricsPath = get && counted != null && path.equals(MetricsEndpoint.PATH);
    boolean sideDoor = metricsPath || toMcp || (path.startsWith(AdminEndpoint.PREFIX) && (get || method.equals(HttpMethod.POST)
        || method.equals(HttpMethod.PUT) || method.equals(HttpMethod.DELETE)));
    if (sideDoor) {
      FrontEndRefusal unsigned = state.gate().sideDoorRefusal(request, metricsPath);
      if (unsigned != null) {
        return Responses.forbidden(unsigned.code() + ": " + unsigned.getMessage() + " (this server checks signatures: "
            + method + " " + path + " needs a request signed with one of its access keys"
            + (metricsPath ? ", or --metrics-token's bearer token" : "") + ")", ctx.alloc(), head);
      }
    }
    if (metricsPath) {
      return metrics.answer(counted, ctx.alloc(), head);
    }
    try {
      if (get && path.equals(HotKeysEndpoint.PATH)) {
        return hotKeys.answer(request, ctx.alloc(), head);
      }
      if (toMcp) {
        return mcp().answer(ctx, request, path, state.gate().changeRefusal(ctx.channel().remoteAddress(),
            request.headers()));
      }
      if (SnapshotsEndpoint.owns(method, path)) {
        return snapshots.answer(ctx, request, path);
      }
      if (SchemasEndpoint.owns(method, path)) {
        return schemas.answer(ctx, request, path);
      }
      if (method.equals(HttpMethod.POST) && path.startsWith(AdminEndpoint.PREFIX)) {
        return admin.answer(ctx, request, path.substring(AdminEndpoint.PREFIX.length()));
      }
    } catch (ServerState.NoTenant e) {
      // an isolating server, and the request names no namespace it can serve
      return Responses.plainText(io.netty.handler.codec.http.HttpResponseStatus.BAD_REQUEST, e.getMessage(),
          ctx.alloc(), head);
    }
    if (method.equals(HttpMethod.OPTIONS) && state.gate().cors() != null) {
      return Responses.preflight(state.gate().cors(), request.headers(), ctx.alloc());
    }
    if (!method.equals(HttpMethod.POST)) {
      return Responses.error(new PartitaException(ErrorCode.UnknownOperationException,
          "DynamoDB's API accepts POST requests only, not " + method), ctx.alloc());
    }
    return api.answer(ctx, request, refused);
  }
}
