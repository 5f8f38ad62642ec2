package io.partita.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Raw DynamoDB requests, so tests see exactly the bytes, headers and statuses on the wire. */
final class RawHttp {
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final URI endpoint;

  RawHttp(URI endpoint) {
    this.endpoint = endpoint;
  }

  HttpResponse<byte[]> post(String operation, String json, String... headers) {
    return post(operation, json.getBytes(StandardCharsets.UTF_8), headers);
  }

  /**
   * Posts {@code body} as DynamoDB's {@code operation}; an operation written with its API's prefix
   * ({@code DynamoDBStreams_20120810.DescribeStream}) is sent as that target as it stands.
   */
  HttpResponse<byte[]> post(String operation, byte[] body, String... headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint)
        .header("Content-Type", "application/x-amz-json-1.0")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (operation != null) {
      b.header("X-Amz-Target", operation.contains(".") ? operation : "DynamoDB_20120810." + operation);
    }
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return send(b.build());
  }

  HttpResponse<byte[]> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static String text(HttpResponse<byte[]> response) {
    return new String(response.body(), StandardCharsets.UTF_8);
  }

  static long crc32(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    return crc.getValue();
  }

  static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  static byte[] gunzip(byte[] bytes) {
    try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An answer as it came over a socket: status, headers (names lower-cased), body. */
  record Exchange(int status, java.util.Map<String, String> headers, String body) {}

  /**
   * Sends {@code request} as it stands (any Host, Origin or method, which java.net.http would not
   * send) to {@code endpoint} over a socket and reads the answer to its end: the request should say
   * {@code Connection: close}.
   */
  static Exchange exchange(URI endpoint, String request) {
    try (java.net.Socket s = new java.net.Socket(endpoint.getHost(), endpoint.getPort())) {
      s.setSoTimeout(30_000);
      s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().flush();
      String all = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
      int end = all.indexOf("\r\n\r\n");
      String[] lines = all.substring(0, end < 0 ? all.length() : end).split("\r\n");
      java.util.Map<String, String> headers = new java.util.HashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(lines[i].substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT),
              lines[i].substring(colon + 1).trim());
        }
      }
      String body = end < 0 ? "" : new String(all.substring(end + 4).getBytes(StandardCharsets.ISO_8859_1),
          StandardCharsets.UTF_8);
      return new Exchange(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
