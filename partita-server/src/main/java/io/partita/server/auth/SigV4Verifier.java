package io.partita.server.auth;
// TEMPORARY STUB until branch sigv4 merges: delete before merging.
public final class SigV4Verifier {
  public SigV4Verifier(Credentials c, java.time.Clock clock) {}
  public void verify(SignedRequest r) { throw new UnsupportedOperationException(); }
}
