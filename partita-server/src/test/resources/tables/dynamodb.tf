terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

provider "aws" {
  region = var.region
}

variable "region" {
  type    = string
  default = "us-east-1"
}

variable "environment" {
  description = "Deployment environment"
  type        = string
  default     = "dev"
}

variable "owner" {
  type = string # no default: given at plan time
}

locals {
  common_tags = {
    Environment = var.environment
    Team        = "payments"
  }
}

# Payments, keyed by account; the ledger index lists them by status and date.
resource "aws_dynamodb_table" "payments" {
  name           = "${var.environment}-payments"
  billing_mode   = "PAY_PER_REQUEST"
  hash_key       = "accountId"
  range_key      = "paymentId"
  stream_enabled   = true
  stream_view_type = "NEW_AND_OLD_IMAGES"

  attribute {
    name = "accountId"
    type = "S"
  }

  attribute {
    name = "paymentId"
    type = "S"
  }

  attribute {
    name = "status"
    type = "S"
  }

  attribute {
    name = "createdAt"
    type = "N"
  }

  global_secondary_index {
    name               = "byStatus"
    hash_key           = "status"
    range_key          = "createdAt"
    projection_type    = "INCLUDE"
    non_key_attributes = ["amount", "currency"]
  }

  local_secondary_index {
    name            = "byCreatedAt"
    range_key       = "createdAt"
    projection_type = "ALL"
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = true
  }

  server_side_encryption {
    enabled = true
  }

  tags = local.common_tags

  lifecycle {
    prevent_destroy = true
  }
}

resource "aws_dynamodb_table" "idempotency" {
  name         = "idempotency-${var.owner}"
  billing_mode = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 5
  hash_key     = "id"

  attribute {
    name = "id"
    type = "S"
  }

  ttl {
    attribute_name = "expiration"
    enabled        = true
  }
}

resource "aws_dynamodb_table_item" "usd" {
  table_name = aws_dynamodb_table.payments.name
  hash_key   = aws_dynamodb_table.payments.hash_key
  range_key  = aws_dynamodb_table.payments.range_key

  item = <<ITEM
{
  "accountId": {"S": "acct-1"},
  "paymentId": {"S": "pay-1"},
  "status": {"S": "SETTLED"},
  "createdAt": {"N": "1767225600"},
  "amount": {"N": "12.5"},
  "currency": {"S": "USD"}
}
ITEM
}

resource "aws_lambda_function" "settle" {
  function_name = "settle-${var.environment}"
  role          = aws_iam_role.settle.arn
  handler       = "index.handler"
  runtime       = "nodejs20.x"
  filename      = "settle.zip"

  environment {
    variables = {
      TABLE = aws_dynamodb_table.payments.name
    }
  }
}
