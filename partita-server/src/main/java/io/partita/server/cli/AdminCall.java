package io.partita.server.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * A call of a running server's own API ({@code /partita/...}) from the command line, and the
 * options that say where ({@code --endpoint}, {@code --region}: a picocli mixin of the commands
 * that make one). Sent unsigned, and signed with the environment's AWS credentials only when the
 * server asks for a signature (a server started with credentials), so the credentials go to no
 * other endpoint.
 */
final class AdminCall {
  @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://127.0.0.1:8000",
      description = "The running server (default: ${DEFAULT-VALUE}).")
  URI endpoint;

  @Option(names = "--region", paramLabel = "REGION",
      description = "The server's region, for a server that checks signatures: the request is signed with the AWS"
          + " credentials of the environment (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the AWS profile) for it"
          + " (default: AWS_REGION, AWS_DEFAULT_REGION or us-east-1).")
  String region;

  @Option(names = "--key", paramLabel = "ACCESS_KEY_ID",
      description = "For a server that keeps a database per access key (serve --isolate keys): the namespace to act on,"
          + " sent as ?key=ACCESS_KEY_ID (and &region= with --region). Without it, a server with credentials takes the"
          + " namespace from the key the request is signed with.")
  String key;

  /** The client of this command's calls, made at the first. */
  private HttpClient client;

  /** Why the call got no answer: said in one line. */
  static final class NoAnswer extends Exception {
    NoAnswer(String message) {
      super(message);
    }
  }

  /** Whether the endpoint is a URL a call can go to: null, or the one-line refusal. */
  String checkEndpoint() {
    return ("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme())) && endpoint.getHost() != null
        ? null : "--endpoint must be a URL such as http://127.0.0.1:8000, not '" + endpoint + "'";
  }

  /**
   * Sends {@code method} (GET, POST or DELETE, no body) to {@code path} of the endpoint, signed for
   * the region when the server asks (by default the environment's, or us-east-1).
   *
   * @throws NoAnswer when no server answers, {@code start} saying how to start one
   */
  HttpResponse<String> send(String method, String path, String start) throws NoAnswer, InterruptedException {
    return send(method, path, "", start);
  }

  /** {@link #send(String, String, String)} with a body and headers ({@code name, value, ...}). */
  HttpResponse<String> send(String method, String path, String body, String start, String... headers)
      throws NoAnswer, InterruptedException {
    URI uri = endpoint.resolve(key == null ? path : path + (path.contains("?") ? "&" : "?") + "key="
        + java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8)
        + (region == null ? "" : "&region=" + java.net.URLEncoder.encode(region, java.nio.charset.StandardCharsets.UTF_8)));
    if (client == null) {
      client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }
    try {
      HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
          .method(method, body.isEmpty() ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
      for (int i = 0; i < headers.length; i += 2) {
        request.header(headers[i], headers[i + 1]);
      }
      HttpResponse<String> answer = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (answer.statusCode() == 403 && answer.body().startsWith("MissingAuthenticationTokenException")) {
        HttpRequest signed = signed(request, method, uri, region, body);
        if (signed != null) {
          answer = client.send(signed, HttpResponse.BodyHandlers.ofString());
        }
      }
      return answer;
    } catch (ConnectException | HttpConnectTimeoutException e) {
      throw new NoAnswer("no Partita server answers at " + endpoint + ": start one with `" + start + "`");
    } catch (IOException e) {
      throw new NoAnswer("the server at " + endpoint + " gave no answer (" + e + ")");
    }
  }

  /**
   * The request, signed with the environment's AWS credentials, or null when it has none: a server
   * started with credentials answers its side doors to signed requests only (docs/SECURITY.md).
   */
  private static HttpRequest signed(HttpRequest.Builder request, String method, URI uri, String region, String body) {
    software.amazon.awssdk.auth.credentials.AwsCredentials identity = AwsEnvironment.credentials();
    if (identity == null) {
      return null; // none: the server's refusal is the answer
    }
    String signingRegion = AwsEnvironment.region(region);
    var signed = software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.create().sign(r -> r
        .identity(identity)
        .request(software.amazon.awssdk.http.SdkHttpRequest.builder().method(
            software.amazon.awssdk.http.SdkHttpMethod.fromValue(method)).uri(uri).build())
        .payload(software.amazon.awssdk.http.ContentStreamProvider.fromUtf8String(body))
        .putProperty(software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
        .putProperty(software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner.REGION_NAME, signingRegion));
    signed.request().forEachHeader((name, values) -> {
      // the client sets Host itself, from the URI the request was signed for
      if (!name.equalsIgnoreCase("Host")) {
        values.forEach(v -> request.header(name, v));
      }
    });
    return request.build();
  }
}
