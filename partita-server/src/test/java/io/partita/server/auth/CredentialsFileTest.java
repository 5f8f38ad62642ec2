package io.partita.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialsFileTest {
  @TempDir Path dir;

  private Path write(String content) throws IOException {
    Path file = dir.resolve("credentials");
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return file;
  }

  private IllegalArgumentException refused(String content) throws IOException {
    Path file = write(content);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CredentialsFile.load(file));
    assertTrue(e.getMessage().contains(file.toString()), () -> "names the file: " + e.getMessage());
    return e;
  }

  @Test
  void everyProfilesPairIsAccepted() throws IOException {
    Path file =
        write(
            """
            \uFEFF# the team's keys
            ; written by hand

            [default]
            aws_access_key_id = AKIDDEFAULT
            aws_secret_access_key = wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY
            region = us-east-1

              [ci]
            aws_access_key_id=AKIDCI
            \taws_secret_access_key   =   ci/secret+with=equals\t
            aws_session_token = FwoGZXIvYXdzEXAMPLE

            [profile legacy]
            AWS_ACCESS_KEY_ID = AKIDLEGACY
            AWS_SECRET_ACCESS_KEY = legacy-secret
            s3 =
              max_concurrent_requests = 20

            [region-only]
            region = eu-west-1
            """);
    Credentials credentials = CredentialsFile.load(file);
    assertEquals(
        List.of("AKIDDEFAULT", "AKIDCI", "AKIDLEGACY"), List.copyOf(credentials.accessKeyIds()));
    assertEquals("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", credentials.secretFor("AKIDDEFAULT"));
    assertEquals("ci/secret+with=equals", credentials.secretFor("AKIDCI"));
    assertEquals("legacy-secret", credentials.secretFor("AKIDLEGACY"));
  }

  @Test
  void theSameKeyInTwoProfilesIsFine() throws IOException {
    Credentials credentials =
        CredentialsFile.load(
            write(
                """
                [a]
                aws_access_key_id = AKID1
                aws_secret_access_key = s1
                [b]
                aws_access_key_id = AKID1
                aws_secret_access_key = s1
                """));
    assertEquals("s1", credentials.secretFor("AKID1"));
  }

  @Test
  void aProfileWithOnlyTheAccessKeyId() throws IOException {
    IllegalArgumentException e =
        refused(
            """
            [default]
            aws_access_key_id = AKID1
            aws_secret_access_key = s1

            [half]
            aws_access_key_id = AKIDHALF
            """);
    assertTrue(e.getMessage().contains(":6:"), e.getMessage());
    assertTrue(e.getMessage().contains("profile [half]"), e.getMessage());
    assertTrue(e.getMessage().contains("no aws_secret_access_key"), e.getMessage());
  }

  @Test
  void aProfileWithOnlyTheSecret() throws IOException {
    IllegalArgumentException e =
        refused(
            """
            [half]
            aws_secret_access_key = do-not-print-me
            """);
    assertTrue(e.getMessage().contains(":2:"), e.getMessage());
    assertTrue(e.getMessage().contains("profile [half]"), e.getMessage());
    assertTrue(e.getMessage().contains("no aws_access_key_id"), e.getMessage());
    assertFalse(e.getMessage().contains("do-not-print-me"), e.getMessage());
  }

  @Test
  void aFileWithNoCredentials() throws IOException {
    IllegalArgumentException e =
        refused(
            """
            # nothing here
            [default]
            region = us-east-1
            """);
    assertTrue(e.getMessage().contains("no credentials"), e.getMessage());
    assertTrue(refused("").getMessage().contains("no credentials"));
  }

  @Test
  void aLineThatIsNotASetting() throws IOException {
    IllegalArgumentException e =
        refused(
            """
            [default]
            aws_access_key_id = AKID1
            wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY
            """);
    assertTrue(e.getMessage().contains(":3:"), e.getMessage());
    assertFalse(e.getMessage().contains("wJalrXUtnFEMI"), "the line may be a secret");
  }

  @Test
  void aSettingBeforeAnyProfile() throws IOException {
    IllegalArgumentException e = refused("aws_access_key_id = AKID1\n");
    assertTrue(e.getMessage().contains(":1:"), e.getMessage());
    assertTrue(e.getMessage().contains("before any [profile]"), e.getMessage());
  }

  @Test
  void anUnclosedOrNamelessProfileHeader() throws IOException {
    assertTrue(refused("[default\n").getMessage().contains(":1:"));
    assertTrue(refused("# c\n[ ]\n").getMessage().contains(":2:"));
  }

  @Test
  void anEmptyKey() throws IOException {
    IllegalArgumentException e =
        refused(
            """
            [default]
            aws_access_key_id =
            aws_secret_access_key = s1
            """);
    assertTrue(e.getMessage().contains(":2:"), e.getMessage());
    assertTrue(e.getMessage().contains("is empty"), e.getMessage());
  }

  @Test
  void oneKeyWithTwoSecrets() throws IOException {
    IllegalArgumentException e =
        refused(
            """
            [a]
            aws_access_key_id = AKID1
            aws_secret_access_key = first-secret
            [b]
            aws_access_key_id = AKID1
            aws_secret_access_key = second-secret
            """);
    assertTrue(e.getMessage().contains("[a]") && e.getMessage().contains("[b]"), e.getMessage());
    assertFalse(
        e.getMessage().contains("first-secret") || e.getMessage().contains("second-secret"));
  }

  @Test
  void aMissingFileIsNamed() {
    Path missing = dir.resolve("no-such-credentials");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CredentialsFile.load(missing));
    assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
  }
}
