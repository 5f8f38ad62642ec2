package io.partita.server.cli;

import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;

/**
 * What the commands that call a running server take from the AWS environment, as the AWS CLI does: the
 * region to sign for, and the credentials to sign with. One place, so {@code seed}, {@code export},
 * {@code import}, {@code snapshot}, {@code hot-keys} and {@code mcp --endpoint} read them alike.
 */
final class AwsEnvironment {
  private AwsEnvironment() {}

  /** {@code given}, else {@code AWS_REGION}, else {@code AWS_DEFAULT_REGION}, else {@code us-east-1}. */
  static String region(String given) {
    if (given != null) {
      return given;
    }
    String env = System.getenv("AWS_REGION");
    if (env == null || env.isBlank()) {
      env = System.getenv("AWS_DEFAULT_REGION");
    }
    return env == null || env.isBlank() ? "us-east-1" : env;
  }

  /**
   * The credentials of the system properties, the environment variables ({@code AWS_ACCESS_KEY_ID} and
   * {@code AWS_SECRET_ACCESS_KEY}) or the AWS profile, or null when there are none.
   */
  static AwsCredentials credentials() {
    try (var chain = AwsCredentialsProviderChain.builder().reuseLastProviderEnabled(false)
        .credentialsProviders(SystemPropertyCredentialsProvider.create(), EnvironmentVariableCredentialsProvider.create(),
            ProfileCredentialsProvider.create()).build()) {
      return chain.resolveCredentials();
    } catch (RuntimeException e) {
      return null;
    }
  }
}
