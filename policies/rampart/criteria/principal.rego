# Criteria on the principal: the user behind the request, its role and groups.
package rampart.criteria

import data.rampart.context as ctx

principal_holds(kind, a) if {
	kind == "checkPrincipalGroup"
	principal_in_group(a)
} else if {
	kind == "checkPrincipalRole"
	role_in(a)
} else if {
	kind == "checkPrincipalId"
	principal_in(a)
}

principal_in_group(groups) if {
	some group in groups
	ctx.user.groups[group]
}

principal_in(ids) if ctx.user_id in ids

role_in(roles) if ctx.user.role in roles
