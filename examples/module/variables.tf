variable "name" {
  type        = string
  description = "Prefix of the bucket name: lowercase letters, digits and hyphens."

  validation {
    condition     = can(regex("^[a-z0-9-]+$", var.name))
    error_message = "The name may contain only lowercase letters, digits and hyphens."
  }
}

variable "retention_days" {
  type        = number
  default     = 90
  description = "Days that log objects are kept."
}

variable "tags" {
  type        = map(string)
  default     = {}
  description = "Tags added to the bucket."
}
