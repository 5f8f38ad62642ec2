package io.partita.engine.internal.ops.schema;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TableDef;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsAction;
import software.amazon.awssdk.services.dynamodb.model.ContributorInsightsStatus;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListContributorInsightsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateContributorInsightsResponse;

/**
 * CloudWatch Contributor Insights: Partita has no CloudWatch, so it is DISABLED on every table and
 * index. That is answered truthfully (Describe says DISABLED, List lists no enabled rules, DISABLE of
 * what is disabled succeeds); ENABLE is refused by name ({@link Unsupported}).
 */
public final class ContributorInsights {
  private ContributorInsights() {}

  public static DescribeContributorInsightsResponse describe(EngineContext ctx, DescribeContributorInsightsRequest req) {
    TableDef def = ctx.catalog().get(req.tableName()).def();
    checkIndex(def, req.indexName());
    return DescribeContributorInsightsResponse.builder().tableName(def.name()).indexName(req.indexName())
        .contributorInsightsStatus(ContributorInsightsStatus.DISABLED).build();
  }

  /** No table or index has Contributor Insights enabled, so there are no summaries to list. */
  public static ListContributorInsightsResponse list(EngineContext ctx, ListContributorInsightsRequest req) {
    if (req.tableName() != null) {
      ctx.catalog().get(req.tableName());
    }
    return ListContributorInsightsResponse.builder().contributorInsightsSummaries(List.of()).build();
  }

  public static UpdateContributorInsightsResponse update(EngineContext ctx, UpdateContributorInsightsRequest req) {
    TableDef def = ctx.catalog().get(req.tableName()).def();
    checkIndex(def, req.indexName());
    if (req.contributorInsightsAction() != ContributorInsightsAction.DISABLE) {
      throw Unsupported.refuse("Contributor Insights (ContributorInsightsAction "
          + req.contributorInsightsActionAsString() + ")", Unsupported.NO_CLOUDWATCH);
    }
    return UpdateContributorInsightsResponse.builder().tableName(def.name()).indexName(req.indexName())
        .contributorInsightsStatus(ContributorInsightsStatus.DISABLED).build();
  }

  private static void checkIndex(TableDef def, String index) {
    if (index != null && def.globalIndexes().stream().noneMatch(ix -> ix.name().equals(index))) {
      throw new PartitaException(ErrorCode.ResourceNotFoundException, "Requested resource not found: Index: " + index
          + " not found for Table: " + def.name());
    }
  }
}
