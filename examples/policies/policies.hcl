# Policies of this repository. Each block defines one policy; `source` is relative to this
# file. A .native or .rego file that no block names is synced too, named after the file, with
# the enforcement-level input as its level.

policy "restrict-instance-types" {
  source            = "./restrict-instance-types.native"
  enforcement_level = "soft-mandatory"
  description       = "Only small, general-purpose EC2 instance types (t3 and m6i.large)."
}

policy "require-mandatory-tags" {
  source            = "./require-mandatory-tags.native"
  enforcement_level = "advisory"
  description       = "AWS resources carry the `owner`, `cost-center` and `environment` tags."
}

# One source, two policies: production blocks a destroy, staging only asks for an override.
policy "prevent-destroy-production" {
  source            = "./prevent-destroy.native"
  enforcement_level = "hard-mandatory"
  description       = "Production plans may not destroy or replace resources."
}

policy "prevent-destroy-staging" {
  source            = "./prevent-destroy.native"
  enforcement_level = "soft-mandatory"
  description       = "Staging plans that destroy or replace resources need an override."
}

policy "s3-bucket-encryption" {
  source            = "./s3-bucket-encryption.rego"
  enforcement_level = "mandatory"
  description       = "S3 buckets are encrypted with a KMS key."
  # No query: it is derived from the package line, data.terraform.policies.s3_bucket_encryption.deny
}

policy "no-public-ingress" {
  source            = "./no-public-ingress.rego"
  enforcement_level = "advisory"
  query             = "data.terraform.policies.no_public_ingress.deny"
}
