package io.partita.server.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads access keys from a file in the AWS shared credentials format ({@code ~/.aws/credentials}),
 * so the server can be given the very file its clients already sign with:
 *
 * <pre>
 * # comments start with # or ;
 * [default]
 * aws_access_key_id = AKIDEXAMPLE
 * aws_secret_access_key = wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY
 *
 * [ci]
 * aws_access_key_id=AKIDCI
 * aws_secret_access_key=...
 * </pre>
 *
 * <p>Every profile's pair is accepted. A profile's {@code aws_account_id} (the setting the AWS SDKs read for
 * account-based endpoints) is the account its key stands for when the server keeps a database per
 * account ({@link #accounts}; {@code partita serve --isolate accounts}). Other settings ({@code region}, {@code aws_session_token},
 * nested blocks) are ignored; a profile with neither key is skipped. Mistakes are refused rather
 * than half-loaded, because a server that silently dropped a profile would answer its clients with
 * a baffling {@code UnrecognizedClientException}: each message names the file and the line or
 * profile, never a secret.
 */
public final class CredentialsFile {
  private static final String ACCESS_KEY_ID = "aws_access_key_id";
  private static final String SECRET_ACCESS_KEY = "aws_secret_access_key";
  private static final String ACCOUNT_ID = "aws_account_id";

  private CredentialsFile() {}

  /**
   * The access keys of every profile in {@code file}.
   *
   * @throws IllegalArgumentException if the file is missing or unreadable, if a line is neither a
   *     comment, a {@code [profile]} header nor a {@code name = value} setting, if a profile has
   *     only one of the two keys, or if the file holds no access key at all
   */
  public static Credentials load(Path file) {
    return collect(file, parse(file, lines(file)));
  }

  /**
   * The account each access key id of {@code file} stands for, by its profile's {@code aws_account_id}
   * (twelve digits); keys whose profile names none are not in the map.
   *
   * @throws IllegalArgumentException as {@link #load} does, or for an account id that is not twelve digits
   */
  public static Map<String, String> accounts(Path file) {
    Map<String, String> accounts = new LinkedHashMap<>();
    for (Profile p : parse(file, lines(file)).values()) {
      if (p.accountId == null || p.accessKeyId == null) {
        continue;
      }
      if (!p.accountId.matches("[0-9]{12}")) {
        throw new IllegalArgumentException(where(file, p.accountIdLine) + ACCOUNT_ID + " of profile [" + p.name
            + "] must be twelve digits, not '" + p.accountId + "'");
      }
      accounts.put(p.accessKeyId, p.accountId);
    }
    return accounts;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("Credentials file not found: " + file);
    } catch (IOException e) {
      throw new IllegalArgumentException("Cannot read credentials file " + file + ": " + e, e);
    }
  }

  private static Map<String, Profile> parse(Path file, List<String> lines) {
    Map<String, Profile> profiles = new LinkedHashMap<>();
    Profile current = null;
    boolean inNestedBlock = false;
    for (int i = 0; i < lines.size(); i++) {
      int lineNumber = i + 1;
      String line = i == 0 ? stripByteOrderMark(lines.get(i)) : lines.get(i);
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith(";")) {
        continue;
      }
      boolean indented = Character.isWhitespace(line.charAt(0));
      if (inNestedBlock && indented) {
        // A sub-setting of "name =" with an empty value (botocore's nested blocks, e.g. "s3 =").
        continue;
      }
      inNestedBlock = false;
      if (trimmed.startsWith("[")) {
        // A profile named twice is one profile: the later settings win, as in botocore.
        current = profiles.computeIfAbsent(profileName(file, lineNumber, trimmed), Profile::new);
        continue;
      }
      int equals = trimmed.indexOf('=');
      if (equals < 0) {
        // The line is not echoed: it could be a secret that lost its "name =".
        throw new IllegalArgumentException(
            where(file, lineNumber)
                + "expected 'name = value', a [profile] header or a comment (# or ;)");
      }
      String name = trimmed.substring(0, equals).strip();
      String value = trimmed.substring(equals + 1).strip();
      if (name.isEmpty()) {
        throw new IllegalArgumentException(where(file, lineNumber) + "a setting has no name");
      }
      if (current == null) {
        throw new IllegalArgumentException(
            where(file, lineNumber) + "'" + name + "' comes before any [profile] header");
      }
      if (value.isEmpty()) {
        if (isKeyName(name)) {
          throw new IllegalArgumentException(
              where(file, lineNumber) + name + " of profile [" + current.name + "] is empty");
        }
        inNestedBlock = true;
        continue;
      }
      if (name.equalsIgnoreCase(ACCESS_KEY_ID)) {
        current.accessKeyId = value;
        current.accessKeyIdLine = lineNumber;
      } else if (name.equalsIgnoreCase(SECRET_ACCESS_KEY)) {
        current.secretAccessKey = value;
        current.secretAccessKeyLine = lineNumber;
      } else if (name.equalsIgnoreCase(ACCOUNT_ID)) {
        current.accountId = value;
        current.accountIdLine = lineNumber;
      }
    }
    return profiles;
  }

  private static Credentials collect(Path file, Map<String, Profile> profiles) {
    Map<String, String> secrets = new LinkedHashMap<>();
    Map<String, String> profileOfKey = new LinkedHashMap<>();
    for (Profile profile : profiles.values()) {
      if (profile.accessKeyId == null && profile.secretAccessKey == null) {
        continue; // e.g. a [default] holding only a region
      }
      if (profile.secretAccessKey == null) {
        throw new IllegalArgumentException(
            where(file, profile.accessKeyIdLine)
                + "profile ["
                + profile.name
                + "] has "
                + ACCESS_KEY_ID
                + " but no "
                + SECRET_ACCESS_KEY);
      }
      if (profile.accessKeyId == null) {
        throw new IllegalArgumentException(
            where(file, profile.secretAccessKeyLine)
                + "profile ["
                + profile.name
                + "] has "
                + SECRET_ACCESS_KEY
                + " but no "
                + ACCESS_KEY_ID);
      }
      String previous = secrets.putIfAbsent(profile.accessKeyId, profile.secretAccessKey);
      if (previous != null && !previous.equals(profile.secretAccessKey)) {
        throw new IllegalArgumentException(
            where(file, profile.accessKeyIdLine)
                + "access key id "
                + profile.accessKeyId
                + " of profile ["
                + profile.name
                + "] has a different secret in profile ["
                + profileOfKey.get(profile.accessKeyId)
                + "]");
      }
      profileOfKey.putIfAbsent(profile.accessKeyId, profile.name);
    }
    if (secrets.isEmpty()) {
      throw new IllegalArgumentException(
          file
              + ": no credentials: no profile has both "
              + ACCESS_KEY_ID
              + " and "
              + SECRET_ACCESS_KEY);
    }
    return Credentials.of(secrets);
  }

  private static String profileName(Path file, int lineNumber, String header) {
    if (!header.endsWith("]")) {
      throw new IllegalArgumentException(
          where(file, lineNumber) + "a [profile] header is missing its closing ']'");
    }
    String name = header.substring(1, header.length() - 1).strip();
    // ~/.aws/config spells its sections "[profile name]"; accept that spelling here too.
    if (name.startsWith("profile ")) {
      name = name.substring("profile ".length()).strip();
    }
    if (name.isEmpty()) {
      throw new IllegalArgumentException(
          where(file, lineNumber) + "a [profile] header has no name");
    }
    return name;
  }

  private static boolean isKeyName(String name) {
    return name.equalsIgnoreCase(ACCESS_KEY_ID) || name.equalsIgnoreCase(SECRET_ACCESS_KEY);
  }

  private static String where(Path file, int lineNumber) {
    return file + ":" + lineNumber + ": ";
  }

  private static String stripByteOrderMark(String line) {
    return line.startsWith("\uFEFF") ? line.substring(1) : line;
  }

  /** One [profile] section as read so far. */
  private static final class Profile {
    final String name;
    String accessKeyId;
    int accessKeyIdLine;
    String secretAccessKey;
    int secretAccessKeyLine;
    String accountId;
    int accountIdLine;

    Profile(String name) {
      this.name = name;
    }
  }
}
