package io.partita.engine.table;

import java.util.regex.Pattern;

/**
 * The account Partita names its resources with (table, index, stream and key ARNs), the all-zero
 * account that marks a local, unowned resource; and the region they are named in by default. A
 * database names one region ({@code Partita.with().region}, {@code partita serve --region}), a real
 * region name, so that code which parses an ARN's region (SDKs resolving endpoints, IAM-style
 * tooling) reads a valid one, and stream records carry the region the client called.
 */
public final class Arns {
  public static final String DEFAULT_REGION = "us-east-1";
  public static final String ACCOUNT = "000000000000";
  /** AWS's region names: us-east-1, eu-central-2, us-gov-west-1, ap-southeast-5, cn-northwest-1. */
  private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-[0-9]{1,2}");

  private Arns() {}

  /** {@code region} if it is a region name, else an IllegalArgumentException saying what one looks like. */
  public static String region(String region) {
    if (region == null || !REGION.matcher(region).matches()) {
      throw new IllegalArgumentException("region must be a region name such as us-east-1 or eu-west-2, not '"
          + region + "'");
    }
    return region;
  }
}
