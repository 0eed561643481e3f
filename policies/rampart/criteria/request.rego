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
	every_permission(a)
} else if {
	kind == "anyPermission:checkPermission"
	any_permission(a)
}

# checkPermission judges each permission a grantPermission request asks for. In a permit, every one must be listed,
# so a read-only permit cannot carry wallet:delete along with wallet:read; and there must be one, since a request
# that asks for nothing has nothing for the permit to vouch for (it fails closed). In a forbid (where the evaluator
# names the criterion anyPermission:checkPermission), one is enough, so no listed permission hides among others.
# A request that asks for nothing meets no forbid on permissions: there is nothing to forbid, and it meets no
# permission permit either.
every_permission(allowed) if {
	count(input.permissions) > 0
	every permission in input.permissions {
		permission in allowed
	}
}

any_permission(listed) if {
	some permission in input.permissions
	permission in listed
}

# Helpers read the request inside their bodies: an argument that is undefined would otherwise make the
# negation itself undefined, and the criterion would silently not fail.
action_in(actions) if input.action in actions

resource_in(resources) if input.resource in resources
