package io.partita.server.auth;

import java.util.List;
import java.util.Map;

/** Placeholder until the sigv4 branch lands. */
public record SignedRequest(String method, String rawPath, String rawQuery,
    List<Map.Entry<String, String>> headers, byte[] payload) {}
