# Criteria on the resource account the request signs with.
package rampart.criteria

import data.rampart.context as ctx

account_holds(kind, a) if {
	kind == "checkAccountAssigned"
	account_assigned
} else if {
	kind == "checkAccountGroup"
	account_in_group(a)
} else if {
	kind == "checkAccountId"
	account_field_in("id", a)
} else if {
	kind == "checkAccountType"
	account_field_in("accountType", a)
} else if {
	kind == "checkAccountAddress"
	account_field_in("address", a)
} else if {
	kind == "checkAccountChainId"
	account_field_in("chainId", a)
}

account_in_group(groups) if {
	some group in groups
	ctx.account.groups[group]
}

account_field_in(field, values) if ctx.account[field] in values

account_assigned if data.entities.assignments[ctx.user_id][ctx.account.id]
