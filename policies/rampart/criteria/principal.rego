# Criteria on the principal: the user behind the request, its role and groups.
package rampart.criteria

import data.rampart.context as ctx

principal_holds("checkPrincipalId", c) if principal_in(c.a)

principal_holds("checkPrincipalRole", c) if role_in(c.a)

principal_holds("checkPrincipalGroup", c) if principal_in_group(c.a)

principal_in_group(groups) if {
	some group in groups
	ctx.user.groups[group]
}

principal_in(ids) if ctx.user_id in ids

role_in(roles) if ctx.user.role in roles
