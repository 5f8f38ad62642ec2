package io.partita.server.wire;

/**
 * A refusal by the server's front end, before the engine sees the request: a request not signed as
 * the server's credentials require, or a body over the size limit. Amazon DynamoDB's front end
 * answers these with codes of its own, which the engine never produces ({@link
 * io.partita.engine.ErrorCode} is the engine's), so they and their statuses live here.
 */
public final class FrontEndRefusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The front end's codes, each with its HTTP status; the name is the code on the wire. */
  public enum Code {
    UnrecognizedClientException(400),
    InvalidSignatureException(400),
    MissingAuthenticationTokenException(400),
    IncompleteSignatureException(400),
    /**
     * A request the server may not serve whoever signed it: addressed by a name it does not answer
     * to, or sent by a page of an origin it does not allow (docs/SECURITY.md). Partita's own: the
     * service has no such check; the code is the one AWS uses for a request that is refused access.
     */
    AccessDeniedException(403),
    /** A request body over the size limit. */
    RequestEntityTooLargeException(413);

    private final int status;

    Code(int status) {
      this.status = status;
    }

    /** The HTTP status this refusal is answered with. */
    public int status() {
      return status;
    }
  }

  private final Code code;

  public FrontEndRefusal(Code code, String message) {
    // a refusal of the client's request, not a failure: no stack to fill
    super(message, null, false, false);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
