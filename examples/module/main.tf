terraform {
  required_version = ">= 1.6.0"
}

locals {
  bucket_name = "${var.name}-logs"

  tags = merge(var.tags, {
    "managed-by" = "terraform"
    "module"     = "log-bucket"
  })
}

# Stands in for a storage bucket so that the example needs no cloud provider.
resource "terraform_data" "bucket" {
  input = {
    name           = local.bucket_name
    retention_days = var.retention_days
    tags           = local.tags
  }
}
