/**
 * AWS Signature Version 4 verification, so the server can hold clients to the same credentials
 * Amazon DynamoDB would: {@link io.partita.server.auth.SigV4Verifier} checks a request, described
 * independently of the HTTP layer by {@link io.partita.server.auth.SignedRequest}, against the
 * access keys in {@link io.partita.server.auth.Credentials} (loaded, for instance, by {@link
 * io.partita.server.auth.CredentialsFile} from an AWS shared credentials file).
 */
package io.partita.server.auth;
