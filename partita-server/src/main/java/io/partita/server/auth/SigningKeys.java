package io.partita.server.auth;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SigV4 signing keys, HMAC-SHA256("AWS4" + secret, day) → region → service → "aws4_request",
 * remembered per (secret, day, region, service): every request of a client signs with the same key
 * all day, so a steady stream pays one HMAC per request instead of five.
 *
 * <p>Bounded by emptying the cache when it is full: keys roll over once a day, so this happens only
 * when clients use many regions or keys, and recomputing a key costs microseconds, while the bound
 * keeps a client that cycles through made-up regions from growing the heap.
 */
final class SigningKeys {
  private final int capacity;
  private final Map<Id, byte[]> cache = new ConcurrentHashMap<>();

  SigningKeys(int capacity) {
    this.capacity = capacity;
  }

  byte[] signingKey(String secret, CredentialScope scope) {
    Id id = new Id(secret, scope.day(), scope.region(), scope.service());
    byte[] key = cache.get(id);
    if (key == null) {
      key = derive(secret, scope.day(), scope.region(), scope.service());
      if (cache.size() >= capacity) {
        cache.clear();
      }
      cache.put(id, key);
    }
    return key;
  }

  static byte[] derive(String secret, String day, String region, String service) {
    byte[] dateKey = Hashing.hmacSha256(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), day);
    byte[] regionKey = Hashing.hmacSha256(dateKey, region);
    byte[] serviceKey = Hashing.hmacSha256(regionKey, service);
    return Hashing.hmacSha256(serviceKey, CredentialScope.TERMINATOR);
  }

  int size() {
    return cache.size();
  }

  /** A cache key. It holds the secret, so its toString must not show it. */
  private record Id(String secret, String day, String region, String service) {
    @Override
    public String toString() {
      return "SigningKeys.Id[" + day + '/' + region + '/' + service + ']';
    }
  }
}
