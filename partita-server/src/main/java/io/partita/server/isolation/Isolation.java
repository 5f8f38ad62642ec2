package io.partita.server.isolation;

import io.partita.engine.Partita;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What separates one client's tables from another's ({@code partita serve --isolate}; docs/SERVER.md,
 * "Isolation"): nothing (shared, the default: every client sees every table, as before), or any
 * combination of
 *
 * <ul>
 *   <li>{@code keys}: each signing access key id has its own tables;
 *   <li>{@code accounts}: each account has its own tables, and every ARN names it. A key maps to the
 *       account its credentials-file profile gives ({@code aws_account_id}), else a key of twelve
 *       digits is an account itself, else the key is in account {@value #DEFAULT_ACCOUNT};
 *   <li>{@code regions}: the signing region chooses the tables, and names every ARN.
 * </ul>
 *
 * DynamoDB Local's default, a database per access key and region, is {@code keys,regions}.
 *
 * @param accountsByKey the accounts the credentials file maps access key ids to
 * @param maxNamespaces the most namespaces the server opens; one more is refused (a client could
 *     otherwise exhaust memory and disk by inventing keys)
 */
public record Isolation(boolean keys, boolean accounts, boolean regions, Map<String, String> accountsByKey,
    int maxNamespaces) {
  /** The account of a key that names none, as the engine's default: the all-zero, local account. */
  public static final String DEFAULT_ACCOUNT = "000000000000";
  public static final int DEFAULT_MAX_NAMESPACES = 64;
  /** Every client in one database, as without {@code --isolate}. */
  public static final Isolation SHARED = new Isolation(false, false, false, Map.of(), DEFAULT_MAX_NAMESPACES);

  private static final Pattern ACCOUNT_ID = Pattern.compile("[0-9]{12}");
  /**
   * What an access key id may be here: printable ASCII but {@code /} and {@code ,} (which end it in a
   * credential), at most 128 characters, the longest AWS issues. Without credentials the server takes
   * any such key, since it verifies none.
   */
  private static final Pattern KEY = Pattern.compile("[\\x21-\\x7e&&[^/,]]{1,128}");

  public Isolation {
    accountsByKey = Map.copyOf(accountsByKey);
    if (maxNamespaces < 1) {
      throw new IllegalArgumentException("the most namespaces must be at least 1, not " + maxNamespaces);
    }
    accountsByKey.forEach((key, account) -> {
      if (!ACCOUNT_ID.matcher(account).matches()) {
        throw new IllegalArgumentException("the account of access key " + key + " must be twelve digits, not '"
            + account + "'");
      }
    });
  }

  /**
   * The switches of {@code --isolate}: {@code keys}, {@code accounts}, {@code regions}, comma-separated,
   * or {@code shared} for none.
   */
  public static Isolation parse(String spec) {
    Set<String> parts = new LinkedHashSet<>();
    for (String p : spec.split(",", -1)) {
      parts.add(p.strip().toLowerCase(Locale.ROOT));
    }
    if (parts.equals(Set.of("shared"))) {
      return SHARED;
    }
    for (String p : parts) {
      if (!Set.of("keys", "accounts", "regions").contains(p)) {
        throw new IllegalArgumentException("--isolate takes keys, accounts and regions, comma-separated (keys,regions"
            + " is DynamoDB Local's default), or shared; not '" + p + "'");
      }
    }
    return new Isolation(parts.contains("keys"), parts.contains("accounts"), parts.contains("regions"), Map.of(),
        DEFAULT_MAX_NAMESPACES);
  }

  public Isolation withAccounts(Map<String, String> accountsByKey) {
    return new Isolation(keys, accounts, regions, accountsByKey, maxNamespaces);
  }

  public Isolation withMaxNamespaces(int maxNamespaces) {
    return new Isolation(keys, accounts, regions, accountsByKey, maxNamespaces);
  }

  /** Whether every client shares one database. */
  public boolean shared() {
    return !keys && !accounts && !regions;
  }

  /** Whether the signer's access key id chooses the namespace (by itself or through its account). */
  public boolean byKey() {
    return keys || accounts;
  }

  /** Whether {@code key} can be an access key id here; a request signed with another is refused. */
  public static boolean isKey(String key) {
    return key != null && KEY.matcher(key).matches();
  }

  /** Whether {@code region} is a region name, by the engine's rule. */
  public static boolean isRegion(String region) {
    try {
      Partita.with().region(region);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The account {@code key} stands for: its profile's, itself if twelve digits, else {@value #DEFAULT_ACCOUNT}. */
  public String accountOf(String key) {
    String mapped = accountsByKey.get(key);
    return mapped != null ? mapped : ACCOUNT_ID.matcher(key).matches() ? key : DEFAULT_ACCOUNT;
  }

  /**
   * The namespace of a request signed with {@code key} ({@link #isKey}) for {@code region} ({@link
   * #isRegion}); either may be null where this isolation does not separate by it.
   */
  public Namespace namespace(String key, String region) {
    return new Namespace(keys ? key : null, accounts ? accountOf(key) : null, regions ? region : null);
  }

  /** The options a namespace's engine opens with: {@code base}, named for its region and account. */
  public Partita.Options options(Namespace ns, Partita.Options base, String serverRegion) {
    return base.region(ns.region() != null ? ns.region() : serverRegion)
        .account(ns.account() != null ? ns.account() : DEFAULT_ACCOUNT);
  }

  /** {@code keys,regions} and the like, or {@code shared}. */
  @Override
  public String toString() {
    java.util.StringJoiner j = new java.util.StringJoiner(",");
    if (keys) {
      j.add("keys");
    }
    if (accounts) {
      j.add("accounts");
    }
    if (regions) {
      j.add("regions");
    }
    return shared() ? "shared" : j.toString();
  }
}
