/**
 * Tables from infrastructure code at start ({@code partita serve --tables FILE... --seed FILE...}): readers of
 * CloudFormation and SAM templates (YAML or JSON, CDK's synthesized ones included), {@code terraform show -json}
 * output, NoSQL Workbench models and DescribeTable output, each into the same neutral {@link
 * io.partita.server.tables.TableDefinition}; {@link io.partita.server.tables.TablesAtStart} creates them on the
 * engine through the SDK's request objects and loads the seed files after. docs/tables-from-infrastructure.md.
 */
package io.partita.server.tables;
