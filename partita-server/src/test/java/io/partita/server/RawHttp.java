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
}
