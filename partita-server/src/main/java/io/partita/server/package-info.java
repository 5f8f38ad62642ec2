/** DynamoDB's wire protocol in front of the Partita engine. */
package io.partita.server;
