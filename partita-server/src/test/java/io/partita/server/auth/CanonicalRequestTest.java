package io.partita.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalRequestTest {

  /**
   * The worked example of AWS's SigV4 documentation (IAM ListUsers, 2015-08-30), every intermediate
   * value as the documentation gives it.
   */
  @Test
  void awsDocumentationExample() {
    SignedRequest request =
        new SignedRequest(
            "GET",
            "/",
            "Action=ListUsers&Version=2010-05-08",
            List.of(
                Map.entry("Host", "iam.amazonaws.com"),
                Map.entry("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
                Map.entry("X-Amz-Date", "20150830T123600Z")),
            new byte[0]);
    String canonical =
        CanonicalRequest.of(
            request,
            List.of("content-type", "host", "x-amz-date"),
            "content-type;host;x-amz-date",
            null,
            Hashing.sha256Hex(request.payload()));
    assertEquals(
        "GET\n/\nAction=ListUsers&Version=2010-05-08\n"
            + "content-type:application/x-www-form-urlencoded; charset=utf-8\n"
            + "host:iam.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            + "content-type;host;x-amz-date\n"
            + "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        canonical);
    assertEquals(
        "f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59",
        Hashing.sha256Hex(canonical));

    byte[] signingKey =
        SigningKeys.derive(
            "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20150830", "us-east-1", "iam");
    assertEquals(
        "c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9",
        Hashing.hex(signingKey));

    String stringToSign =
        "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/iam/aws4_request\n"
            + Hashing.sha256Hex(canonical);
    assertEquals(
        "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7",
        Hashing.hex(Hashing.hmacSha256(signingKey, stringToSign)));
  }

  @Test
  void canonicalUri() {
    assertEquals("/", CanonicalRequest.canonicalUri(""));
    assertEquals("/", CanonicalRequest.canonicalUri("/"));
    // Encoded a second time, slashes kept.
    assertEquals("/a%2520b/c", CanonicalRequest.canonicalUri("/a%20b/c"));
    assertEquals("/a%2Bb/%C3%A9", CanonicalRequest.canonicalUri("/a+b/é"));
    // Dot segments resolved; no trailing slash the client did not send.
    assertEquals("/a/c", CanonicalRequest.canonicalUri("/a/./b/../c"));
    assertEquals("/a/b", CanonicalRequest.canonicalUri("/a/b/."));
    assertEquals("/a/b/", CanonicalRequest.canonicalUri("/a/b/"));
    // Not a URI at all: signed as sent.
    assertEquals("/a%7Cb/.", CanonicalRequest.canonicalUri("/a|b/."));
  }

  @Test
  void canonicalQueryString() {
    assertEquals("", CanonicalRequest.canonicalQueryString("", null));
    assertEquals(
        "a=1&a=2&b=&c=x%20y&d=%2A~%2F",
        CanonicalRequest.canonicalQueryString("c=x%20y&b&a=2&d=*%7e/&a=1", null));
    // A '+' is a literal plus, not a space.
    assertEquals("q=a%2Bb", CanonicalRequest.canonicalQueryString("q=a+b", null));
    // Empty names are not signed; the excluded parameter neither.
    assertEquals(
        "X-Amz-Date=1&z=1",
        CanonicalRequest.canonicalQueryString(
            "=x&z=1&X-Amz-Signature=abc&X-Amz-Date=1", "X-Amz-Signature"));
    // Sorted by code point: upper case before lower case.
    assertEquals("B=1&a=1", CanonicalRequest.canonicalQueryString("a=1&B=1", null));
  }

  @Test
  void canonicalHeadersTrimCollapseAndJoin() {
    SignedRequest request =
        new SignedRequest(
            "POST",
            "/",
            "",
            List.of(
                Map.entry("X-Multi", " one  "),
                Map.entry("Host", "localhost:8000"),
                Map.entry("x-multi", "two\t\tthree"),
                Map.entry("X-Blank", "   ")),
            "{}".getBytes(StandardCharsets.UTF_8));
    assertEquals(
        "host:localhost:8000\nx-blank:\nx-missing:\nx-multi:one,two three\n",
        CanonicalRequest.canonicalHeaders(
            request, List.of("host", "x-blank", "x-missing", "x-multi")));
  }

  @Test
  void percentDecodingKeepsMalformedEscapes() {
    assertEquals("a b", UriEncoding.decode("a%20b"));
    assertEquals("100%", UriEncoding.decode("100%"));
    assertEquals("%zz", UriEncoding.decode("%zz"));
    assertEquals("é+", UriEncoding.decode("%C3%A9+"));
  }
}
