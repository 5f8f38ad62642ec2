/**
 * AWS Signature Version 4 verification, so the server holds clients to the credentials Amazon
 * DynamoDB would: {@link io.partita.server.auth.SigV4Verifier} checks a {@link
 * io.partita.server.auth.SignedRequest} (described apart from HTTP) against the access keys of
 * {@link io.partita.server.auth.Credentials} (an AWS shared credentials file: {@link
 * io.partita.server.auth.CredentialsFile}). Uses {@code wire} only, for the refusals' codes.
 */
package io.partita.server.auth;
