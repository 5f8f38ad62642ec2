package io.partita.spring;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code partita.*} properties: which DynamoDB the auto-configured {@code DynamoDbClient} talks to, and how the
 * {@code ModelClient} is built. The configuration processor turns these comments into the IDE's help.
 */
@ConfigurationProperties("partita")
public class PartitaProperties {

  /** Where DynamoDB requests go. */
  public enum Mode {
    /**
     * Partita in this process (io.partita:partita-embedded must be on the class path): in memory, or on
     * partita.embedded.data-dir. For development and tests.
     */
    EMBEDDED,
    /**
     * The AWS SDK over HTTP: to partita.endpoint when it is set (a Partita server, ScyllaDB Alternator), else to
     * Amazon DynamoDB, with the SDK's default region and credentials chains unless partita.region and
     * partita.credentials.* are set.
     */
    REMOTE
  }

  /** Where DynamoDB requests go: embedded (Partita in this process) or remote (over HTTP, the default). */
  private Mode mode = Mode.REMOTE;

  /**
   * The endpoint of a DynamoDB-compatible server, such as http://localhost:8000 for `partita serve`. Only in remote
   * mode; unset means Amazon DynamoDB in the region.
   */
  private URI endpoint;

  /** The AWS region (us-east-1, ...) in remote mode; unset means the SDK's default region chain. */
  private String region;

  private final Credentials credentials = new Credentials();

  private final Embedded embedded = new Embedded();

  private final ModelSettings model = new ModelSettings();

  public Mode getMode() {
    return mode;
  }

  public void setMode(Mode mode) {
    this.mode = mode;
  }

  public URI getEndpoint() {
    return endpoint;
  }

  public void setEndpoint(URI endpoint) {
    this.endpoint = endpoint;
  }

  public String getRegion() {
    return region;
  }

  public void setRegion(String region) {
    this.region = region;
  }

  public Credentials getCredentials() {
    return credentials;
  }

  public Embedded getEmbedded() {
    return embedded;
  }

  public ModelSettings getModel() {
    return model;
  }

  /** Static credentials for remote mode; unset means the SDK's default credentials chain. */
  public static class Credentials {
    /** The access key id; set together with secret-access-key. */
    private String accessKeyId;

    /** The secret access key; set together with access-key-id. */
    private String secretAccessKey;

    public String getAccessKeyId() {
      return accessKeyId;
    }

    public void setAccessKeyId(String accessKeyId) {
      this.accessKeyId = accessKeyId;
    }

    public String getSecretAccessKey() {
      return secretAccessKey;
    }

    public void setSecretAccessKey(String secretAccessKey) {
      this.secretAccessKey = secretAccessKey;
    }
  }

  /** The embedded engine. */
  public static class Embedded {
    /**
     * The folder the embedded database lives in (created if missing; the data survives restarts). Unset or empty:
     * in memory, gone when the application context closes.
     */
    private String dataDir;

    public String getDataDir() {
      return dataDir;
    }

    public void setDataDir(String dataDir) {
      this.dataDir = dataDir;
    }
  }

  /** The ModelClient built from the application's Model bean. */
  public static class ModelSettings {
    /**
     * Create the model's table at start when it does not exist. Unset: true in embedded mode, false in remote mode
     * (on Amazon DynamoDB a table is infrastructure: made by CloudFormation or Terraform, which partita-model
     * exports, not by an application that would need dynamodb:CreateTable rights).
     */
    private Boolean createTable;

    /**
     * The key cursors are signed with, base64 (at least 16 bytes). Give every instance of a service the same key, so
     * a cursor one instance handed out is accepted by another; unset means a random key per start.
     */
    private String cursorKey;

    private final Listeners listeners = new Listeners();

    public Boolean getCreateTable() {
      return createTable;
    }

    public void setCreateTable(Boolean createTable) {
      this.createTable = createTable;
    }

    public String getCursorKey() {
      return cursorKey;
    }

    public void setCursorKey(String cursorKey) {
      this.cursorKey = cursorKey;
    }

    public Listeners getListeners() {
      return listeners;
    }
  }

  /** The ModelListeners registered when their libraries are present. */
  public static class Listeners {
    private final Toggle slf4j = new Toggle();
    private final Toggle micrometer = new Toggle();

    public Toggle getSlf4j() {
      return slf4j;
    }

    public Toggle getMicrometer() {
      return micrometer;
    }
  }

  /** One listener's switch. */
  public static class Toggle {
    /** Register this listener when its library is present. */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }
}
