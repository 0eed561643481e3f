# Criteria on the request itself: action, resource and requested permissions.
# Each criterion adds to `fails` the policies (per policy set) for which it does not hold; a policy matches
# when it is a candidate and no criterion of it fails.
package rampart.criteria

import data.rampart.context as ctx

request_fails contains [bucket.set, c.p] if {
	some bucket in ctx.buckets
	some c in bucket.checkAction
	not action_in(c.a)
}

request_fails contains [bucket.set, c.p] if {
	some bucket in ctx.buckets
	some c in bucket.checkResource
	not resource_in(c.a)
}

request_fails contains [bucket.set, c.p] if {
	some bucket in ctx.buckets
	some c in bucket.checkPermission
	not any_permission(c.a)
}

any_permission(allowed) if {
	some permission in input.permissions
	permission in allowed
}

# Helpers read the request inside their bodies: an argument that is undefined would otherwise make the
# negation itself undefined, and the criterion would silently not fail.
action_in(actions) if input.action in actions

resource_in(resources) if input.resource in resources
