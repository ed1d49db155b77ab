output "bucket_name" {
  value       = terraform_data.bucket.input.name
  description = "Name of the log bucket."
}

output "retention_days" {
  value       = terraform_data.bucket.input.retention_days
  description = "Days that log objects are kept."
}

output "tags" {
  value       = terraform_data.bucket.input.tags
  description = "Tags of the bucket."
}
