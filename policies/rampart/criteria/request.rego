# Criteria on the request itself: action, resource and requested permissions.
# `matches` (matches.rego) holds for a candidate policy whose every criterion left to check holds. Each file's
# `<family>_holds` picks a check by its name, so
# the cost of a decision follows the criteria the candidates have, not the number of criteria the library knows.
package rampart.criteria

request_holds(kind, a) if {
	kind == "checkAction"
	action_in(a)
} else if {
	kind == "checkResource"
	resource_in(a)
} else if {
	kind == "checkPermission"
	any_permission(a)
}

any_permission(allowed) if {
	some permission in input.permissions
	permission in allowed
}

# Helpers read the request inside their bodies: an argument that is undefined would otherwise make the
# negation itself undefined, and the criterion would silently not fail.
action_in(actions) if input.action in actions

resource_in(resources) if input.resource in resources
