# Security groups may not accept traffic from the whole internet, except HTTPS.
package terraform.policies.no_public_ingress

import rego.v1

import input.plan as tfplan

public_cidrs := {"0.0.0.0/0", "::/0"}

ingress_rules contains [rc.address, rule] if {
	some rc in tfplan.resource_changes
	rc.type == "aws_security_group"
	some rule in rc.change.after.ingress
}

ingress_rules contains [rc.address, rc.change.after] if {
	some rc in tfplan.resource_changes
	rc.type == "aws_vpc_security_group_ingress_rule"
}

open_to_internet(rule) if {
	some cidr in rule.cidr_blocks
	cidr in public_cidrs
}

open_to_internet(rule) if {
	rule.cidr_ipv4 in public_cidrs
}

deny contains msg if {
	some [address, rule] in ingress_rules
	open_to_internet(rule)
	not rule.from_port == 443
	msg := sprintf("%s allows ingress from the internet on port %v", [address, rule.from_port])
}
