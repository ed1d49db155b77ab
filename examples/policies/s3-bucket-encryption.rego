# S3 buckets must have server-side encryption configured with a KMS key.
package terraform.policies.s3_bucket_encryption

import rego.v1

import input.plan as tfplan

buckets contains rc if {
	some rc in tfplan.resource_changes
	rc.type == "aws_s3_bucket"
	rc.mode == "managed"
	not "delete" in rc.change.actions
}

encrypted_buckets contains bucket_ref if {
	some rc in tfplan.resource_changes
	rc.type == "aws_s3_bucket_server_side_encryption_configuration"
	some rule in rc.change.after.rule
	some default in rule.apply_server_side_encryption_by_default
	default.sse_algorithm == "aws:kms"
	bucket_ref := rc.change.after.bucket
}

deny contains msg if {
	some rc in buckets
	not rc.change.after.bucket in encrypted_buckets
	msg := sprintf("%s has no KMS server-side encryption configuration", [rc.address])
}
