variables {
  name = "ci-example"
}

run "tags_mark_the_module" {
  command = plan

  assert {
    condition     = output.tags["managed-by"] == "terraform"
    error_message = "Every resource must be tagged managed-by = terraform."
  }
}

# The module does not cap retention yet: this assertion fails until it does.
run "retention_is_capped_at_a_year" {
  command = plan

  variables {
    retention_days = 400
  }

  assert {
    condition     = output.retention_days <= 365
    error_message = "Log retention must not exceed 365 days."
  }
}

# Nor does it add a cost-center tag.
run "cost_center_tag_is_required" {
  command = plan

  assert {
    condition     = contains(keys(output.tags), "cost-center")
    error_message = "Every resource must carry a cost-center tag."
  }
}
