variables {
  name = "ci-example"
}

run "bucket_name_has_suffix" {
  command = plan

  assert {
    condition     = output.bucket_name == "ci-example-logs"
    error_message = "The bucket name must be the name followed by -logs."
  }
}

run "default_retention" {
  command = plan

  assert {
    condition     = output.retention_days == 90
    error_message = "Logs must be kept 90 days by default."
  }
}

run "rejects_uppercase_names" {
  command = plan

  variables {
    name = "CI-Example"
  }

  expect_failures = [var.name]
}
