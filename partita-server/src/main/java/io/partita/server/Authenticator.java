package io.partita.server;

import io.partita.server.auth.SignedRequest;
import io.partita.server.wire.FrontEndRefusal;

/** Decides whether a request's signature lets it in. */
@FunctionalInterface
public interface Authenticator {
  /** Accepts every request, signed or not: the default of a local server that has no credentials to check. */
  Authenticator ACCEPT_ANY = request -> {};

  /**
   * Returns normally when {@code request} may be served.
   *
   * @throws FrontEndRefusal with DynamoDB's authentication error otherwise
   */
  void authenticate(SignedRequest request);
}
